import { describe, expect, test } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { FiltersPanel } from './list-toolbar';

const panel = (open: boolean) =>
  renderToStaticMarkup(
    <FiltersPanel id="p" open={open}>
      <input type="date" aria-label="From date" />
    </FiltersPanel>,
  );

describe('FiltersPanel', () => {
  test('closed on arrival: the panel is there for its toggle to point at, hidden, with no fields built', () => {
    expect(panel(false)).toBe('<div id="p" class="list-filters" hidden=""></div>');
  });

  test('open on arrival (filters in the address): its fields are built and shown', () => {
    expect(panel(true)).toBe(
      '<div id="p" class="list-filters"><input type="date" aria-label="From date"/></div>',
    );
  });
});
