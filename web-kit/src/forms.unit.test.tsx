import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { ERRORS } from './constants';
import { errorText, Field, FormError } from './forms';

describe('the form kit', () => {
  it('names a control by its wrapping label, with the hint and the error after it', () => {
    const html = renderToStaticMarkup(
      <Field label="Name" hint="3 to 64 characters" error="Too short">
        <input name="name" />
      </Field>,
    );
    expect(html).toBe(
      '<label class="ms-field"><span class="ms-field__label">Name</span><input name="name"/>' +
        '<small class="ms-muted">3 to 64 characters</small><small class="ms-form-error">Too short</small></label>',
    );
    expect(
      renderToStaticMarkup(
        <Field label="Bio">
          <textarea />
        </Field>,
      ),
    ).toBe('<label class="ms-field"><span class="ms-field__label">Bio</span><textarea></textarea></label>');
  });

  it('announces a form error as an alert, and shows nothing without one', () => {
    expect(renderToStaticMarkup(<FormError error="Could not save" />)).toBe('<p class="ms-form-error" role="alert">Could not save</p>');
    expect(renderToStaticMarkup(<FormError error={null} />)).toBe('');
    expect(renderToStaticMarkup(<FormError error="" />)).toBe('');
  });

  it("tells the API's description first, then the error's message, then the fallback", () => {
    expect(errorText(new ApiError(400, 'invalid_input', 'Name is too short'))).toBe('Name is too short');
    expect(errorText(new ApiError(500, 'error', ''))).toBe('error');
    expect(errorText(new Error('offline'))).toBe('offline');
    expect(errorText('nonsense')).toBe(ERRORS.fallback.message);
  });
});
