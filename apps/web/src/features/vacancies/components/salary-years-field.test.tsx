import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/locales/register-company-texts';
import { SalaryYearsField } from './salary-years-field';

function Harness({ initial, onValue }: { initial: number[]; onValue: (value: number[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <SalaryYearsField
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const firstYear = () => screen.getByLabelText('Vergütung 1. Ausbildungsjahr (€ pro Monat)');

async function typeAmount(text: string) {
  const onValue = vi.fn();
  render(<Harness initial={[0]} onValue={onValue} />);
  const user = userEvent.setup();
  await user.clear(firstYear());
  await user.type(firstYear(), text);
  await user.tab();
  return onValue.mock.calls.at(-1)?.[0] as number[];
}

describe('SalaryYearsField', () => {
  it('shows stored amounts the German way', () => {
    render(<Harness initial={[1250, 980.5]} onValue={() => undefined} />);
    expect(firstYear()).toHaveProperty('value', '1.250,00\u00a0€');
    expect(screen.getByLabelText('Vergütung 2. Ausbildungsjahr (€ pro Monat)')).toHaveProperty(
      'value',
      '980,50\u00a0€',
    );
  });

  it.each([
    ['1.250', 1250, '1.250,00\u00a0€'],
    ['1250', 1250, '1.250,00\u00a0€'],
    ['1.250,50', 1250.5, '1.250,50\u00a0€'],
    ['1250,5', 1250.5, '1.250,50\u00a0€'],
  ])('reads %j as %d and shows it as %j when the field is left', async (typed, amount, shown) => {
    expect(await typeAmount(typed)).toEqual([amount]);
    expect(firstYear()).toHaveProperty('value', shown);
    expect(screen.queryByText(/Nachkommastellen|Komma|als Zahl/)).toBeNull();
  });

  it('refuses "1,250" with a German message instead of taking 1,25 €', async () => {
    expect(await typeAmount('1,250')).toEqual([Number.NaN]);
    expect(firstYear()).toHaveProperty('value', '1,250');
    expect(screen.getByText(/höchstens zwei Nachkommastellen/)).toBeTruthy();
    expect(firstYear().getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses the dot as a decimal point', async () => {
    expect(await typeAmount('1250.5')).toEqual([Number.NaN]);
    expect(screen.getByText(/mit einem Komma ab/)).toBeTruthy();
  });
});
