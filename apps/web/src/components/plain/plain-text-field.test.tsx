import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PlainPasswordField, PlainTextField } from './plain-text-field';

function Harness({ error }: { error?: string }) {
  const form = useForm({ defaultValues: { email: 'a@example.org', password: '' } });
  const password = useWatch({ control: form.control, name: 'password' });
  return (
    <form>
      <PlainTextField {...form.register('email')} label="E-Mail-Adresse" error={Boolean(error)} helperText={error} />
      <PlainPasswordField {...form.register('password')} label="Passwort" />
      <output aria-label="Wert">{password}</output>
    </form>
  );
}

describe('PlainTextField', () => {
  it('is labelled, takes react-hook-form’s register() as is, and names its error for screen readers', () => {
    render(<Harness error="Bitte geben Sie eine gültige E-Mail-Adresse ein." />);
    const email = screen.getByLabelText('E-Mail-Adresse');
    expect((email as HTMLInputElement).value).toBe('a@example.org');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const description = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });

  it('is neither invalid nor described without an error', () => {
    render(<Harness />);
    const email = screen.getByLabelText('E-Mail-Adresse');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(email.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('PlainPasswordField', () => {
  it('hides the password until its toggle is pressed, and the form keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const password = screen.getByLabelText('Passwort', { selector: 'input' });
    await user.type(password, 'geheim-geheim');
    expect(password.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Wert').textContent).toBe('geheim-geheim');
  });
});
