import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGE_MAX_LENGTH } from '@matchwerk/shared';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/locales/register-marketplace-texts';
import { MessageComposer } from './message-composer';

function setup() {
  const onSend = vi.fn(() => true);
  render(<MessageComposer onSend={onSend} compact={false} />);
  const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Nachricht schreiben' });
  return { onSend, field, user: userEvent.setup() };
}

describe('MessageComposer', () => {
  it('counts characters near the limit the German way', async () => {
    const { field, user } = setup();
    await user.click(field);
    await user.paste('a'.repeat(3980));
    expect(screen.getByText('3.980 / 4.000 Zeichen')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('keeps a pasted text over the limit whole, marks it and refuses to send it with a German message', async () => {
    const { field, user, onSend } = setup();
    await user.click(field);
    await user.paste('x'.repeat(MESSAGE_MAX_LENGTH + 100));
    expect(field.value).toHaveLength(MESSAGE_MAX_LENGTH + 100);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('4.100 / 4.000 Zeichen – 100 Zeichen zu viel. Bitte kürzen Sie Ihre Nachricht.'),
    ).toBeTruthy();

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(field.value).toHaveLength(MESSAGE_MAX_LENGTH + 100);
    expect(screen.getByRole('alert').textContent).toBe(
      '4.100 / 4.000 Zeichen – Nicht gesendet. Eine Nachricht darf höchstens 4.000 Zeichen lang sein. Bitte kürzen Sie sie um 100 Zeichen.',
    );

    // Shortened to exactly the limit: sent whole.
    field.setSelectionRange(0, 100);
    await user.keyboard('{Backspace}');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('x'.repeat(MESSAGE_MAX_LENGTH));
  });
});
