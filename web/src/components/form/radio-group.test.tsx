import { describe, expect, test } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { RadioGroup } from './radio-group';

const OPTIONS = [
  { value: 'check', label: 'Check' },
  { value: 'zelle', label: 'Zelle' },
];

/** Every element with this tag, as its attributes. */
function all(html: string, tag: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((element) =>
    Object.fromEntries([...element[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]])),
  );
}

describe('the radio group', () => {
  test('a fieldset named by its legend; native radios sharing one name, each named by its label', () => {
    const html = renderToStaticMarkup(
      <RadioGroup legend="Payment method" name="method" options={OPTIONS} onChange={() => {}} />,
    );
    expect(html).toMatch(
      /^<fieldset class="radio-group radio-group--cards"><legend class="radio-group__legend">Payment method<\/legend>/,
    );
    const radios = all(html, 'input');
    expect(radios.map((r) => [r.type, r.name, r.value])).toEqual([
      ['radio', 'method', 'check'],
      ['radio', 'method', 'zelle'],
    ]);
    const labels = all(html, 'label');
    expect(labels.map((l) => l.for)).toEqual(radios.map((r) => r.id));
    expect(new Set(radios.map((r) => r.id)).size).toBe(2);
    // Nothing chosen, nothing described.
    expect(radios.some((r) => 'checked' in r)).toBe(false);
    expect(all(html, 'fieldset')[0]['aria-describedby']).toBeUndefined();
  });

  test('the hint and the error describe the group (hint first), after any other description', () => {
    const html = renderToStaticMarkup(
      <RadioGroup
        legend="Payment method"
        name="method"
        options={OPTIONS}
        hint="How the seller was paid"
        error="Please select a payment method"
        describedBy="result"
        onChange={() => {}}
      />,
    );
    const fieldset = all(html, 'fieldset')[0];
    expect(fieldset.class).toBe('radio-group radio-group--cards field--invalid');
    const [result, hintId, errorId] = fieldset['aria-describedby'].split(' ');
    expect(result).toBe('result');
    expect(html).toContain(`<p id="${hintId}" class="field__hint">How the seller was paid</p>`);
    expect(html).toContain(`<p id="${errorId}" class="field__error">Please select a payment method</p>`);
    expect(html.indexOf(hintId)).toBeLessThan(html.indexOf('<input'));
    expect(html.lastIndexOf(errorId)).toBeGreaterThan(html.lastIndexOf('<input'));
  });

  test('controlled: the chosen value is checked; segmented and required mark the group', () => {
    const html = renderToStaticMarkup(
      <RadioGroup
        legend="Shipping mode"
        name="mode"
        variant="segmented"
        required
        options={OPTIONS}
        value="zelle"
        onChange={() => {}}
      />,
    );
    expect(all(html, 'fieldset')[0].class).toBe('radio-group radio-group--segmented radio-group--required');
    expect(all(html, 'input').map((r) => 'checked' in r)).toEqual([false, true]);
    expect(all(html, 'input').every((r) => 'required' in r)).toBe(true);
  });
});
