import { describe, expect, test } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { CheckboxField, SelectField, TextAreaField, TextField } from './field';

/** The attributes of the first element with this tag. */
function attrs(html: string, tag: string): Record<string, string> {
  const element = html.match(new RegExp(`<${tag}\\b[^>]*>`))?.[0] ?? '';
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

const textOf = (html: string, id: string) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];

describe('the form-field kit', () => {
  test('the label names the input; hint then error describe it; an error marks it invalid', () => {
    const html = renderToStaticMarkup(
      <TextField id="email" label="Email" hint="The one you used" error="Valid email is required" />,
    );
    expect(attrs(html, 'label').for).toBe('email');
    const input = attrs(html, 'input');
    expect(input.id).toBe('email');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby']).toBe('email-hint email-error');
    expect(textOf(html, 'email-hint')).toBe('The one you used');
    expect(textOf(html, 'email-error')).toBe('Valid email is required');
    expect(attrs(html, 'div').class).toBe('field field--invalid');
  });

  test('without an error: not invalid, described by the hint only; without either: no aria-describedby', () => {
    const hinted = attrs(renderToStaticMarkup(<TextField id="a" label="A" hint="h" />), 'input');
    expect(hinted['aria-invalid']).toBeUndefined();
    expect(hinted['aria-describedby']).toBe('a-hint');
    const plain = renderToStaticMarkup(<TextField id="b" label="B" />);
    expect(attrs(plain, 'input')['aria-describedby']).toBeUndefined();
    expect(plain).not.toContain('field__error');
  });

  test('required: the control is required and the field marked, the label text unchanged', () => {
    const html = renderToStaticMarkup(<TextField id="n" label="First Name" required />);
    expect(attrs(html, 'input').required).toBe('');
    expect(attrs(html, 'div').class).toBe('field field--required');
    expect(html).toContain('<label for="n">First Name</label>');
  });

  test('a generated id still ties label, control and error together', () => {
    const html = renderToStaticMarkup(<TextAreaField label="Your Question" error="Message is required" />);
    const id = attrs(html, 'textarea').id;
    expect(id).toBeTruthy();
    expect(attrs(html, 'label').for).toBe(id);
    expect(attrs(html, 'textarea')['aria-describedby']).toBe(`${id}-error`);
    expect(textOf(html, `${id}-error`)).toBe('Message is required');
  });

  test('select and checkbox follow the same rules', () => {
    const select = renderToStaticMarkup(
      <SelectField id="t" label="Product Type" error="Product type is required">
        <option value="">Select a type</option>
      </SelectField>,
    );
    expect(attrs(select, 'label').for).toBe('t');
    expect(attrs(select, 'select')['aria-describedby']).toBe('t-error');
    expect(select).toContain('<option value="">Select a type</option>');

    const box = renderToStaticMarkup(<CheckboxField id="c" label="I agree" error="You must agree" />);
    expect(attrs(box, 'input').type).toBe('checkbox');
    expect(attrs(box, 'input')['aria-describedby']).toBe('c-error');
    expect(attrs(box, 'label').for).toBe('c');
    expect(textOf(box, 'c-error')).toBe('You must agree');
  });

  test("a select's options: children first, then each of `options`, as written or with its label", () => {
    const html = renderToStaticMarkup(
      <SelectField id="o" label="Status" options={[10, 'new', { value: 'in_transit', label: 'In Transit' }]}>
        <option value="">All</option>
      </SelectField>,
    );
    expect(html).toContain(
      '<option value="">All</option><option value="10">10</option><option value="new">new</option><option value="in_transit">In Transit</option>',
    );
  });

  test('a hidden label still names the control; its own class is kept', () => {
    const html = renderToStaticMarkup(
      <SelectField id="s" label="Status for order 42" hideLabel labelClassName="row-label">
        <option value="new">New</option>
      </SelectField>,
    );
    expect(html).toContain('<label for="s" class="visually-hidden row-label">Status for order 42</label>');
    expect(attrs(html, 'select').id).toBe('s');
    const shown = renderToStaticMarkup(<TextField id="v" label="Shown" />);
    expect(attrs(shown, 'label').class).toBeUndefined();
  });

  test('layouts: stacked by default, compact and inline mark the wrapper', () => {
    expect(attrs(renderToStaticMarkup(<TextField id="a" label="A" />), 'div').class).toBe('field');
    expect(attrs(renderToStaticMarkup(<TextField id="b" label="B" layout="compact" />), 'div').class).toBe(
      'field field--compact',
    );
    const inline = renderToStaticMarkup(
      <SelectField id="c" label="Orders per page" layout="inline" className="pager__size" error="Bad size">
        <option value="25">25</option>
      </SelectField>,
    );
    expect(attrs(inline, 'div').class).toBe('field field--inline field--invalid pager__size');
  });

  test('alertError announces the error; without it the error is a plain note', () => {
    const alerted = renderToStaticMarkup(<TextField id="a" label="A" error="Refused" alertError />);
    expect(attrs(alerted, 'p').role).toBe('alert');
    expect(attrs(alerted, 'p').id).toBe('a-error');
    const plain = renderToStaticMarkup(<TextField id="b" label="B" error="Refused" />);
    expect(attrs(plain, 'p').role).toBeUndefined();
  });

  test('after is rendered inside the field, under the hint and error; describedBy is read first', () => {
    const html = renderToStaticMarkup(
      <TextField
        id="sid"
        label="Account SID"
        hint="From the console"
        error="Invalid"
        describedBy="sid-status"
        after={<div id="sid-status">Saved</div>}
      />,
    );
    expect(attrs(html, 'input')['aria-describedby']).toBe('sid-status sid-hint sid-error');
    expect(html.indexOf('sid-error">')).toBeLessThan(html.indexOf('<div id="sid-status">'));
    expect(html.endsWith('<div id="sid-status">Saved</div></div>')).toBe(true);
  });

  test('a checkbox takes describedBy and alertError too', () => {
    const box = renderToStaticMarkup(
      <CheckboxField id="on" label="Enabled" describedBy="on-status" error="Could not save" alertError />,
    );
    expect(attrs(box, 'input')['aria-describedby']).toBe('on-status on-error');
    expect(box).not.toContain('describedBy');
    expect(attrs(box, 'p').role).toBe('alert');
  });
});
