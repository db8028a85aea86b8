import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackTable } from './StackTable.tsx';

const rows = [
  { id: 1, name: 'Mia Hoffmann', amount: '36,00 €' },
  { id: 2, name: 'Jonas Becker', amount: '' },
];

describe('StackTable', () => {
  it('is a table named by its caption, each cell labelled with its column for the phone cards', () => {
    render(
      <StackTable
        caption="Teilnehmende"
        captionHidden
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { label: 'Name', cell: (r) => r.name },
          { label: 'Betrag', cell: (r) => r.amount },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Teilnehmende' });
    expect(screen.getByRole('region', { name: 'Teilnehmende' })).toContainElement(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Betrag']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => [c.dataset['label'], c.textContent])).toEqual([
      ['Name', 'Mia Hoffmann'],
      ['Betrag', '36,00 €'],
      ['Name', 'Jonas Becker'],
      ['Betrag', ''],
    ]);
  });
});
