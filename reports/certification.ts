import { createHash, type KeyObject } from 'node:crypto';
import type { ClauseVerdict, Outcome } from '../suites/lib/types.ts';
import type { RunReport } from './model.ts';
import type { SuiteVersion } from './suite-version.ts';
import { signatureValid, signText, type SignatureBlock } from './signing.ts';
import { nestsDeeperThan } from '../suites/lib/json-depth.ts';

/**
 * The certification summary (`certification.json`): what a certification board keeps. It holds
 * the inputs of the run (target, suite version, profile, seed, runs, options, date) and every
 * clause's verdict, and a SHA-256 digest over all of that, so the document cannot be edited
 * without the digest showing it.
 *
 * What is hashed: the certification document itself without its `digest` and `signature` members, serialised as
 * canonical JSON: object members sorted by key (UTF-16 code unit order), no whitespace, strings
 * escaped as JSON.stringify does, integers as plain decimals. For the value types used here
 * (strings, integers, booleans, arrays, objects) this is exactly RFC 8785 (JCS). The digest is
 * the lowercase hex SHA-256 of the UTF-8 bytes. To recompute it by hand:
 *
 *     jq -cS 'del(.digest, .signature)' certification.json | tr -d '\n' | sha256sum
 *
 * (`jq -S` sorts keys the same way for the ASCII keys used here.)
 */
export const CERTIFICATION_FORMAT = 'disco-certification/1';

export interface CertifiedClause {
  id: string;
  kind: 'must' | 'gap';
  binding: boolean;
  verdict: ClauseVerdict['verdict'];
}

/**
 * The run's outcome (conformant, fail, error, incomplete), except that a partial (`--only`) or
 * interrupted run is never more than incomplete: it did not look at everything.
 */
export type CertificationOutcome = Outcome;

export interface CertificationBody {
  format: typeof CERTIFICATION_FORMAT;
  /**
   * A certificate of conformance: the run was asked to certify (`--certify`: every check, nothing
   * left out, nothing allowed incomplete), was complete and CONFORMANT. Every other run's document
   * is a record of what it found, never a certificate, and is never signed.
   */
  certified: boolean;
  outcome: CertificationOutcome;
  target: RunReport['target'];
  suite: SuiteVersion;
  profile: RunReport['profile'];
  seed: number;
  runs: number;
  options: { only: string[]; skip?: string[]; readOnly: boolean; allowIncomplete: boolean; maxFailures?: number };
  /** When the run started (ISO 8601 UTC) and finished. */
  date: string;
  finishedAt: string;
  runId: string;
  /** false when the run was partial (`--only`) or interrupted. */
  complete: boolean;
  exitCode: RunReport['exitCode'];
  summary: RunReport['summary'];
  clauses: CertifiedClause[];
  /**
   * Properties that ran fewer cases than `runs` asked, cut short by their time limit (a slow
   * target): the evidence behind their checks is thinner than the document's `runs` says.
   */
  casesCutShort?: { check: string; ran: number; asked: number }[];
}

export interface Certification extends CertificationBody {
  digest: { algorithm: 'sha256'; canonicalization: 'RFC 8785 (JCS)'; covers: string; value: string };
  /** Present on signed certificates only (`--certify --sign-key`). */
  signature?: SignatureBlock;
}

export interface CertifyOptions {
  /** The run was started with `--certify`. */
  certify?: boolean;
  /** Signs the certificate when it is one. */
  signKey?: KeyObject;
}

export function certificationBody(report: RunReport, suite: SuiteVersion, options: CertifyOptions = {}): CertificationBody {
  // A run told to stop after some failing checks may have left the rest unrun.
  const complete = !report.interrupted && report.options.only.length === 0 && !report.options.skip?.length && report.options.maxFailures === undefined;
  const outcome: CertificationOutcome = !complete && report.outcome === 'conformant' ? 'incomplete' : report.outcome;
  const certified = options.certify === true && complete && !report.options.readOnly && !report.options.allowIncomplete && outcome === 'conformant';
  const cutShort = report.checks.flatMap((c) => c.properties.flatMap((p) => (p.asked !== undefined ? [{ check: c.id, ran: p.runs, asked: p.asked }] : [])));
  return {
    format: CERTIFICATION_FORMAT,
    certified,
    outcome,
    target: {
      name: report.target.name,
      ...(report.target.baseUrl ? { baseUrl: report.target.baseUrl } : {}),
      ...(report.target.cdcBaseUrl ? { cdcBaseUrl: report.target.cdcBaseUrl } : {}),
      ...(report.target.proxy ? { proxy: report.target.proxy } : {}),
      ...(report.target.clientCertificate ? { clientCertificate: report.target.clientCertificate } : {}),
      ...(report.target.headers ? { headers: report.target.headers } : {}),
      ...(report.target.declared ? { declared: report.target.declared } : {}),
      ...(report.target.announced ? { announced: report.target.announced } : {}),
    },
    suite,
    profile: report.profile,
    seed: report.seed,
    runs: report.runs,
    options: { only: [...report.options.only], ...(report.options.skip?.length ? { skip: [...report.options.skip] } : {}), readOnly: report.options.readOnly, allowIncomplete: report.options.allowIncomplete, ...(report.options.maxFailures !== undefined ? { maxFailures: report.options.maxFailures } : {}) },
    date: report.startedAt,
    finishedAt: report.finishedAt,
    runId: report.runId,
    complete,
    exitCode: report.exitCode,
    summary: { ...report.summary },
    clauses: report.clauses
      .map((c) => ({ id: c.id, kind: c.kind, binding: c.binding, verdict: c.verdict }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    ...(cutShort.length ? { casesCutShort: cutShort } : {}),
  };
}

export function buildCertification(report: RunReport, suite: SuiteVersion, options: CertifyOptions = {}): Certification {
  const body = certificationBody(report, suite, options);
  const digested: Certification = {
    ...body,
    digest: {
      algorithm: 'sha256',
      canonicalization: 'RFC 8785 (JCS)',
      covers: 'this document without its digest and signature members',
      value: sha256Hex(canonicalJson(body)),
    },
  };
  if (!body.certified || !options.signKey) return digested;
  return { ...digested, signature: signText(canonicalJson(digested), options.signKey) };
}

/** Canonical JSON (RFC 8785 for strings, integers, booleans, null, arrays and objects). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no representation for a non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON has no representation for ${typeof value}`);
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface CertificationCheck {
  ok: boolean;
  expected: string;
  recorded?: string;
  problem?: string;
  /** The document says it is a certificate (`certified: true`). */
  certified?: boolean;
  /** A public key was given and the signature verified with it. */
  signatureVerified?: boolean;
}

/**
 * Checks a certification document: its digest always; with `publicKey`, also that it is a
 * certificate (`certified: true`) signed with that key. `ok` only when every asked-for check holds.
 */
export function verifyCertification(doc: unknown, publicKey?: KeyObject): CertificationCheck {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { ok: false, expected: '', problem: 'not a JSON object' };
  // Canonical JSON is written recursively: a document nested past any certificate's depth is none.
  if (nestsDeeperThan(doc, 64)) return { ok: false, expected: '', problem: 'not a certification document (it nests deeper than 64 levels)' };
  const { digest, signature, ...body } = doc as Record<string, unknown>;
  const expected = sha256Hex(canonicalJson(body));
  const recorded = (digest as { value?: unknown } | undefined)?.value;
  if (typeof recorded !== 'string') return { ok: false, expected, problem: 'no digest.value' };
  if ((body as { format?: unknown }).format !== CERTIFICATION_FORMAT) return { ok: false, expected, recorded, problem: `format is not ${CERTIFICATION_FORMAT}` };
  const certified = (body as { certified?: unknown }).certified === true;
  if (recorded !== expected) return { ok: false, expected, recorded, certified, problem: 'the digest does not match the content' };
  if (!publicKey) return { ok: true, expected, recorded, certified };
  if (!certified) return { ok: false, expected, recorded, certified, problem: 'this is a record of a run, not a certificate (certified is not true)' };
  if (!signature || typeof signature !== 'object') return { ok: false, expected, recorded, certified, signatureVerified: false, problem: 'the certificate is not signed' };
  const valid = signatureValid(canonicalJson({ ...body, digest }), signature as SignatureBlock, publicKey);
  return valid
    ? { ok: true, expected, recorded, certified, signatureVerified: true }
    : { ok: false, expected, recorded, certified, signatureVerified: false, problem: 'the signature does not verify with this public key (another key signed it, or the document was changed)' };
}

/** The certificate's state in words, for the HTML and Markdown reports. */
export function certificateState(cert: Certification): string {
  if (!cert.certified) return 'none: a record of the run (certified: false); only a complete --certify run with the outcome CONFORMANT is a certificate';
  return cert.signature ? `certified, signed with Ed25519 key ${cert.signature.keyFingerprint}` : 'certified, not signed';
}
