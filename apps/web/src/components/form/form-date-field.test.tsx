import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormDateField } from './form-date-field';

interface Values {
  day: string;
}

function Harness({ initial }: { initial: string }) {
  const { control } = useForm<Values>({ defaultValues: { day: initial } });
  const value = useWatch({ control, name: 'day' });
  return (
    <>
      <FormDateField<Values> control={control} name="day" label="Beginn" />
      <output aria-label="Wert">{value}</output>
    </>
  );
}

describe('FormDateField', () => {
  it('shows a stored date as TT.MM.JJJJ and an empty one as the German placeholder', () => {
    const { unmount } = render(<Harness initial="2027-08-01" />);
    expect(screen.getByRole('group', { name: 'Beginn' }).textContent).toContain('01.08.2027');
    unmount();
    render(<Harness initial="" />);
    expect(screen.getByRole('group', { name: 'Beginn' }).textContent).toContain('TT.MM.JJJJ');
  });

  it('writes the typed German date as YYYY-MM-DD into the form', async () => {
    render(<Harness initial="" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('spinbutton', { name: 'Tag' }));
    await user.keyboard('15082027');
    expect(screen.getByRole('status', { name: 'Wert' }).textContent).toBe('2027-08-15');
  });

  it('opens a calendar with German month names and Monday first', async () => {
    render(<Harness initial="2027-08-15" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Datum auswählen/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('August 2027');
    const headers = screen.getAllByRole('columnheader');
    expect(headers[0]?.getAttribute('aria-label') ?? headers[0]?.textContent).toMatch(/^Mo/);
  });

  it('keeps the month the user switched to when the form re-renders', async () => {
    const { rerender } = render(<Harness initial="2027-08-15" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Datum auswählen/ }));
    await user.click(await screen.findByRole('button', { name: 'Nächster Monat' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).not.toContain('August 2027'));
    rerender(<Harness initial="2027-08-15" />);
    // Had the re-render sent the calendar back, August would be sliding in now and stay.
    await waitFor(() => expect(screen.getByRole('dialog').textContent).not.toContain('August 2027'));
    expect(screen.getByRole('dialog').textContent).toContain('September 2027');
  });
});
