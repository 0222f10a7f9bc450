// How each answer of the fuzzing is judged: what makes an HTTP answer or a gRPC status a finding. Pure.
import { isKnownMessage, messagesOf, revealedInternals, type MessageCatalogue } from './answers';

export type FindingKind = '5xx' | 'accepted' | 'unknown message' | 'internals' | 'grpc status' | 'unanswered';

export interface Finding {
  kind: FindingKind;
  what: string;
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An HTTP answer's findings: any 5xx; a 2xx to a request that is no read and had a reason to be refused; a 4xx
 * message (or field message) that is neither the spec's nor in the code; an error body that shows internals.
 */
export function judgeHttp(
  request: { method: string; refusedBecause: readonly string[] },
  answer: HttpAnswer,
  catalogue: MessageCatalogue,
): Finding[] {
  const findings: Finding[] = [];
  if (answer.status >= 500)
    findings.push({ kind: '5xx', what: `answered ${answer.status}: ${answer.text.slice(0, 160)}` });
  if (answer.status >= 200 && answer.status < 300 && request.method !== 'GET' && request.refusedBecause.length > 0) {
    findings.push({
      kind: 'accepted',
      what: `answered ${answer.status} although refused because of: ${request.refusedBecause.join(', ')}`,
    });
  }
  if (answer.status >= 400) {
    const body = /json/.test(answer.contentType) ? parseJson(answer.text) : undefined;
    const unknown = messagesOf(body).filter((message) => !isKnownMessage(catalogue, message));
    if (unknown.length > 0)
      findings.push({
        kind: 'unknown message',
        what: `${answer.status} with ${unknown.map((message) => JSON.stringify(message.slice(0, 120))).join(', ')}`,
      });
    const shown = revealedInternals(answer.text);
    if (shown)
      findings.push({ kind: 'internals', what: `${answer.status} shows ${shown}: ${answer.text.slice(0, 200)}` });
  }
  return findings;
}

/** The gRPC statuses no input may cause: a handler that failed, a method missing, data lost. */
export const FORBIDDEN_GRPC_CODES: Record<number, string> = {
  2: 'UNKNOWN',
  12: 'UNIMPLEMENTED',
  13: 'INTERNAL',
  15: 'DATA_LOSS',
};

export interface GrpcAnswer {
  code: number;
  details: string;
  violations: { field: string; message: string }[];
}

/** No answer within the deadline, or the connection refused the call: the client's words, not the service's. */
const UNANSWERED_GRPC_CODES: Record<number, string> = { 1: 'CANCELLED', 4: 'DEADLINE_EXCEEDED', 14: 'UNAVAILABLE' };

/**
 * Whether the contract says a call with unknown input succeeds (EndSession: "ending an unknown or ended session
 * succeeds"): then OK is the right answer to a made-up value, and the digest shows that nothing changed.
 */
export const succeedsForUnknown = (doc: string | undefined): boolean => /\bunknown\b[^.]*\bsucceeds\b/i.test(doc ?? '');

/**
 * A gRPC answer's findings: a forbidden status; no answer at all; OK to a write with a breaker (unless its contract
 * says unknown input succeeds); an unknown message; internals shown.
 */
export function judgeGrpc(
  call: { read: boolean; breakers: readonly string[]; doc?: string },
  answer: GrpcAnswer,
  catalogue: MessageCatalogue,
): Finding[] {
  const findings: Finding[] = [];
  const forbidden = FORBIDDEN_GRPC_CODES[answer.code];
  if (forbidden) findings.push({ kind: 'grpc status', what: `${forbidden}: ${answer.details.slice(0, 200)}` });
  const unanswered = UNANSWERED_GRPC_CODES[answer.code];
  if (unanswered) {
    findings.push({ kind: 'unanswered', what: `${unanswered}: ${answer.details.slice(0, 200)}` });
    return findings;
  }
  if (answer.code === 0 && !call.read && call.breakers.length > 0 && !succeedsForUnknown(call.doc))
    findings.push({ kind: 'accepted', what: `OK although ${call.breakers.join('; ')}` });
  if (answer.code !== 0) {
    const messages = [answer.details, ...answer.violations.map((violation) => violation.message)].filter(
      (message) => message !== '',
    );
    const unknown = messages.filter((message) => !isKnownMessage(catalogue, message));
    if (unknown.length > 0 && !forbidden)
      findings.push({
        kind: 'unknown message',
        what: unknown.map((message) => JSON.stringify(message.slice(0, 120))).join(', '),
      });
    const shown = revealedInternals(messages.join('\n'));
    if (shown) findings.push({ kind: 'internals', what: `shows ${shown}: ${answer.details.slice(0, 200)}` });
  }
  return findings;
}
