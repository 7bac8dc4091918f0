import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-DLV-1 for a delivery whose source and destination connections were deleted first: the
 * seeded deliveries all keep their connections, so a DELETE that crashes after deleting (reading
 * a gone connection's name) passed; and with only the source deleted first, one that reads only
 * the destination's (b-delivery-delete-destination-gone-500) passed too. The state is made through extensions that cannot be undone on a real deployment
 * (a connection, a delivery): only with both permissions; without them b-dlv/delete says so in a
 * note and B-DLV-1 rests on the fixtures' deletion (as X-ROB-1's sample rests without deliveries).
 */

function deleteCheck(faults: FaultName[], withoutControl = false) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    // Without the control API and with no permissions: a real deployment's document.
    const { controlUrl: _hidden, ...described } = embedded.target;
    const target: ResolvedTarget = withoutControl ? { ...described, permissions: [] } : embedded.target;
    return runOneCheck(target, 'b-dlv/delete', 'B-DLV-1');
  });
}

describe('b-dlv/delete: a delivery whose connection was deleted first', () => {
  it("a DELETE that answers 500 once the delivery's connection is gone fails B-DLV-1", { timeout: 30_000 }, async () => {
    const { check, verdict } = await deleteCheck(['b-delivery-delete-orphan-500']);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/DELETE \/deliveries\/\d+ with member_api_key \([^)]*\), a delivery whose source connection \d+ and destination connection \d+ were deleted first, answered 500, expected 204/);
  });

  it("a DELETE that answers 500 once the delivery's destination connection is gone fails B-DLV-1", { timeout: 30_000 }, async () => {
    const { check, verdict } = await deleteCheck(['b-delivery-delete-destination-gone-500']);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/destination connection \d+ were deleted first, answered 500, expected 204/);
  });

  it("a member's DELETE that answers 204 and keeps the creator's delivery fails B-DLV-1", { timeout: 30_000 }, async () => {
    const { check, verdict } = await deleteCheck(['b-delivery-delete-owner-scoped']);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/delivery \d+ \(.*deleted first\) is still read by its creator \(api_key\) after its DELETE with member_api_key .* answered 204/);
  });

  it('without create_connections and create_deliveries it is not made, and the note names both', { timeout: 30_000 }, async () => {
    const { check, verdict } = await deleteCheck(['b-delivery-delete-orphan-500'], true);
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/a delivery whose connection was deleted first was not deleted: .*permissions: \[create_connections\].*permissions: \[create_deliveries\]/);
  });

  it('faultless: passes, the delivery without its connection deleted', { timeout: 30_000 }, async () => {
    const { check, verdict } = await deleteCheck([]);
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/made between mysql connections and deleted after its source connection \d+ and destination connection \d+, answered 204/);
  });
});
