import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterPanel } from './FilterPanel.tsx';

function Harness({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  return (
    <FilterPanel activeCount={count} onReset={() => setCount(0)}>
      <label>
        Bis <input type="date" onChange={() => setCount((c) => c + 1)} />
      </label>
    </FilterPanel>
  );
}

const filterButton = () => screen.getByTestId('filter-button');

describe('FilterPanel', () => {
  it('keeps the fields closed behind the filter button until it is pressed', () => {
    render(<Harness initial={0} />);
    expect(filterButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Bis')).not.toBeVisible();
    fireEvent.click(filterButton());
    expect(filterButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Bis')).toBeVisible();
    fireEvent.click(filterButton());
    expect(screen.getByLabelText('Bis')).not.toBeVisible();
  });

  it('shows the number of active filters on the button and resets them', () => {
    render(<Harness initial={0} />);
    expect(filterButton()).toHaveTextContent(/^Filter$/);
    expect(screen.queryByText('Filter zurücksetzen')).toBeNull();
    fireEvent.click(filterButton());
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2030-01-01' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2030-01-02' } });
    expect(filterButton()).toHaveTextContent('Filter2(2 aktiv)');
    fireEvent.click(screen.getByText('Filter zurücksetzen'));
    expect(filterButton()).toHaveTextContent(/^Filter$/);
  });
});
