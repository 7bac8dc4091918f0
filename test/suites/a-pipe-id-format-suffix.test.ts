import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-PIPE-3: `id` is an integer path parameter. The twenty-seventh mutation audit found no id
 * with a format suffix among those written around a live pipeline: routes that take a
 * Rails-style `.json` / `.yaml` off the id segment (`/pipelines/12.json` is pipeline 12, on
 * every operation) passed in std and alt. `12.json` is now among writtenAround's ids.
 */
describeCheckCatches('the A-PIPE-3 checks against routes that strip a format suffix from the id', {
  check: [
    { check: 'a-pipe/integer-id-reads', conventions: ['standard'] },
    { check: 'a-pipe/integer-id-writes', conventions: ['standard', 'alt'] },
  ],
  fault: 'a-id-format-suffix-stripped',
  clause: 'A-PIPE-3',
  message: '.json',
});

/**
 * Mutation audit 29b: nor any id in other digits than ASCII's. Java's Long.parseLong and Python's
 * int() take full-width (and other Unicode decimal) digits for their value: routes reading the id
 * so passed in std and alt. The id in full-width digits (`１２`, percent-encoded) is now among
 * writtenAround's; the writes catch it in both conventions (the reads in the simulator profile).
 */
describeCheckCatches('a-pipe/integer-id-writes against routes that read the id in any Unicode digits', {
  check: 'a-pipe/integer-id-writes',
  fault: 'a-pipeline-id-unicode-digits',
  clause: 'A-PIPE-3',
  message: '%EF%BC%9',
});
