import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import { EMPTY_VALUE } from '@cryptovest/common';
import type { ChainCheckResult } from '../../../generated/graphql';
import { ChainCell } from './ChainChip';
import { chainResultText, needsOverrideReason } from './chainCheck';

const check = (result: ChainCheckResult, confirmations: number | null = 6) => ({
  result,
  confirmations,
  coinAmount: '0.2',
  address: 'bc1qada',
  checkedAt: '2026-01-02T09:00:00.000Z',
});

describe('ChainCell', () => {
  it.each([
    ['VERIFIED', 6, 'Verified', 'Success'],
    ['NOT_FOUND', null, 'Not found', 'Error'],
    ['WRONG_ADDRESS', 6, 'Wrong address', 'Error'],
    ['AMOUNT_MISMATCH', 6, 'Amount mismatch', 'Warning'],
    ['UNCONFIRMED', 2, '2 confirmations', 'Warning'],
    ['UNCONFIRMED', 0, 'Unconfirmed', 'Warning'],
    ['UNCHECKED', null, 'Not checked', 'Default'],
  ] as const)('shows %s (%p confirmations) as "%s", coloured %s', (result, confirmations, words, colour) => {
    renderWithProviders(<ChainCell transaction={{ origin: 'INVESTOR', chainCheck: check(result, confirmations) }} />);
    const chip = screen.getByText(words).closest('.MuiChip-root');
    expect(chip?.classList.contains(`MuiChip-color${colour}`)).toBe(true);
    expect(screen.queryByText('Found on chain')).toBeNull();
  });

  it('marks what the chain watcher found, and shows the em dash when nothing was looked up', () => {
    const { unmount } = renderWithProviders(
      <ChainCell transaction={{ origin: 'CHAIN', chainCheck: check('UNCONFIRMED', 1) }} />,
    );
    expect(screen.getByText('Found on chain')).toBeTruthy();
    expect(screen.getByText('1 confirmation')).toBeTruthy();
    unmount();
    renderWithProviders(<ChainCell transaction={{ origin: 'INVESTOR', chainCheck: null }} />);
    expect(screen.getByText(EMPTY_VALUE)).toBeTruthy();
  });
});

describe('chainResultText', () => {
  it('counts confirmations against the required number when it is known', () => {
    expect(chainResultText(check('UNCONFIRMED', 2), 6)).toBe('2 of 6 confirmations');
    expect(chainResultText(check('UNCONFIRMED', 1), 1)).toBe('1 of 1 confirmation');
    expect(chainResultText(check('UNCONFIRMED', null), 6)).toBe('Unconfirmed');
  });
});

describe('needsOverrideReason', () => {
  it('asks a reason only to confirm a deposit the chain does not back', () => {
    const deposit = (result: ChainCheckResult | null) => ({
      trxType: 'DEPOSIT',
      chainCheck: result ? check(result) : null,
    });
    for (const result of ['NOT_FOUND', 'WRONG_ADDRESS', 'AMOUNT_MISMATCH', 'UNCONFIRMED'] as const)
      expect(needsOverrideReason(deposit(result), 'CONFIRMED')).toBe(true);
    expect(needsOverrideReason(deposit('VERIFIED'), 'CONFIRMED')).toBe(false);
    expect(needsOverrideReason(deposit('UNCHECKED'), 'CONFIRMED')).toBe(false);
    expect(needsOverrideReason(deposit(null), 'CONFIRMED')).toBe(false);
    expect(needsOverrideReason(deposit('WRONG_ADDRESS'), 'DECLINED')).toBe(false);
    expect(needsOverrideReason({ ...deposit('NOT_FOUND'), trxType: 'WITHDRAWAL' }, 'CONFIRMED')).toBe(false);
  });
});
