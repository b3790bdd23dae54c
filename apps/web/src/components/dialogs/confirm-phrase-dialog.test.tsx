import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELETE_VACANCY_PHRASE } from '@matchwerk/shared';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { ConfirmPhraseDialog, isPhraseConfirmed } from './confirm-phrase-dialog';

describe('ConfirmPhraseDialog', () => {
  it('enables the destructive button only once the exact phrase is typed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <ConfirmPhraseDialog
        open
        title="Stellenanzeige löschen?"
        phrase={DELETE_VACANCY_PHRASE}
        confirmLabel="Endgültig löschen"
        onConfirm={onConfirm}
        onClose={() => undefined}
      >
        Das kann nicht rückgängig gemacht werden.
      </ConfirmPhraseDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Stellenanzeige löschen?' });
    const confirm = screen.getByRole('button', { name: 'Endgültig löschen' });
    expect(dialog.textContent).toContain('Das kann nicht rückgängig gemacht werden.');
    expect(confirm).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText('Bestätigungstext'), 'stellenanzeige löschen');
    expect(confirm).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Bestätigungstext'));
    await user.type(screen.getByLabelText('Bestätigungstext'), DELETE_VACANCY_PHRASE);
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('compares case-sensitively and ignores surrounding spaces', () => {
    expect(isPhraseConfirmed('  KONTO LÖSCHEN ', 'KONTO LÖSCHEN')).toBe(true);
    expect(isPhraseConfirmed('konto löschen', 'KONTO LÖSCHEN')).toBe(false);
    expect(isPhraseConfirmed('KONTO', 'KONTO LÖSCHEN')).toBe(false);
  });
});
