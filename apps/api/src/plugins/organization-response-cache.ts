/**
 * Answers an organisation user's repeated list reads from memory (issue #12, ADR 0065): the
 * posting list, the Anfragen, the chat list and a chat page. A route opts in with
 * `config: { organizationResponseCache: true }`. The candidate's feed opts in with
 * `config: { candidateResponseCache: true }` (issue 46, ADR 0107): its answers are kept the same
 * way under a version made of the postings' version, the candidate's own version (both raised by
 * migration 0030's notifications) and the day in Europe/Berlin (deadlines and ages move with it).
 *
 * An answer is kept with what it was made under, and served again only while all of it holds:
 * - the same session actor object: the session cache hands out a new one after every revocation
 *   or change of the user, their role or organisation (ADR 0015, 0054), so the route's access
 *   checks, which depend on the actor alone, would decide the same;
 * - the same URL (path and query);
 * - the organisation's data version, taken before the database was read (a change committed
 *   during the read moves it, so that answer is never served);
 * - the listener for the database's change notifications up all along (while it is down,
 *   nothing is kept or served: changes by others would go unnoticed).
 *
 * Changes by anyone (candidates, administrators, jobs) raise the version through the database's
 * notifications within milliseconds, or, for the hot writes migration 0021 leaves out (chat
 * messages, read marks, posting views), right after their commit. Writes through the API publish a
 * domain event, and the response cache's subscriber (cache/response-cache.subscriber.ts, ADR 0092)
 * holds their answer until the version moved, so a writer's next read is never older than the write.
 *
 * A kept answer of 1 kB or more goes out compressed when the request accepts it (brotli or gzip).
 * Each copy is made once, for the first request that accepts it, and kept beside the answer: the
 * Anfragen and a chat page are 9–14 kB of JSON, which a phone then gets as 2–3 kB (ADR 0074).
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { DoneFuncWithErrOrRes, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { berlinToday } from '@matchwerk/shared';
import type { SessionActor } from '../access/actor';
import {
  candidateDataKey,
  organizationDataKey,
  POSTINGS_DATA_KEY,
  type DataVersionStore,
} from '../cache/data-versions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers of an organisation user's GET may be served from memory (ADR 0065). */
    organizationResponseCache?: boolean;
    /** Answers of a candidate's GET may be served from memory (the feed, ADR 0107). */
    candidateResponseCache?: boolean;
  }
  interface FastifyRequest {
    responseCacheSlot: CacheSlot | null;
  }
}

/** The database's change notifications as this cache needs them. */
export interface ChangeFeed {
  readonly listening: boolean;
  /** Raised whenever the feed goes down or comes up. */
  readonly generation: number;
}

/** An organisation's data version, or the candidate feed's "postings candidate day" (ADR 0107). */
type Version = number | string;

interface CacheSlot {
  key: string;
  actor: SessionActor;
  version: Version;
  generation: number;
}

type AnswerEncoding = 'br' | 'gzip';
/** Preferred in this order when a request accepts both alike. */
const ANSWER_ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];
/** Below this a compressed answer saves less than its header and the work costs. */
export const MIN_COMPRESSED_ANSWER_BYTES = 1024;

/** A kept answer's bytes as sent: as they are, or compressed. */
interface Variant {
  body: Buffer;
}

interface CachedAnswer extends CacheSlot {
  contentType: string;
  /** The answer's ETag when its route sets one (the candidate lists, http/candidate-routes.ts). */
  etag: string | undefined;
  /** Encoded once: a kept answer is written as it is. */
  identity: Variant;
  /** Compressed copies, each made for the first request that accepts it. */
  compressed: Partial<Record<AnswerEncoding, Variant>>;
}

/** Where a kept answer's variant is found again. */
interface Found {
  key: string;
  kept: CachedAnswer;
}

function compress(body: Buffer, encoding: AnswerEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  // Quality 5: most of brotli's gain over gzip at a fraction of its default's (11) time.
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export interface OrganizationResponseCacheOptions {
  versions: DataVersionStore;
  feed: ChangeFeed;
  /** Memory for kept answers; 0 turns the cache off. */
  maxBytes: number;
}

export interface OrganizationResponseCache {
  /** Everything may have changed (a TRUNCATE, the feed came back): drop every kept answer. */
  clear(): void;
  readonly size: number;
  /**
   * Sends the kept answer for a session known without a look-up, from the app's first onRequest
   * hook (http/known-session-answers.ts, ADR 0075, 0093), and returns true; or returns false.
   */
  sendKept: (request: FastifyRequest, reply: FastifyReply, actor: SessionActor) => boolean | Promise<boolean>;
}

/** Call before the routes are registered: it attaches its hooks to them as they are added. */
export function registerOrganizationResponseCache(
  app: FastifyInstance,
  options: OrganizationResponseCacheOptions,
): OrganizationResponseCache {
  const { versions, feed } = options;
  // Answers kept before the last clear() are not stored (a clear during their database read).
  let clears = 0;
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (answer, key) =>
      answer.identity.body.length +
      (answer.compressed.br?.body.length ?? 0) +
      (answer.compressed.gzip?.body.length ?? 0) +
      key.length * 2 +
      // The answer's fields.
      1000,
  });
  const enabled = options.maxBytes > 0;

  app.decorateRequest('responseCacheSlot', null);

  /** The kept answer for this actor and URL, if it holds under this version; else where to keep one. */
  function lookUp(actor: SessionActor, url: string, version: Version, generation: number): Found | CacheSlot {
    const key = `${actor.sessionId} ${url}`;
    const kept = answers.get(key);
    if (
      kept &&
      kept.actor === actor &&
      kept.version === version &&
      kept.generation === generation &&
      feed.listening &&
      feed.generation + clears === generation
    )
      return { key, kept };
    return { key, actor, version, generation };
  }

  /** The kept answer as the request accepts it: compressed once per encoding, then from memory. */
  function variantFor({ key, kept }: Found, acceptEncoding: string | undefined) {
    const encoding = acceptedEncoding(acceptEncoding, kept.identity.body);
    if (!encoding) return { variant: kept.identity, encoding };
    let variant = kept.compressed[encoding];
    if (!variant) {
      variant = kept.compressed[encoding] = { body: compress(kept.identity.body, encoding) };
      // Set again, so the cache counts the copy's bytes.
      answers.set(key, kept);
    }
    return { variant, encoding };
  }

  /** Berlin's day, worked out once a minute (midnight falls on a minute's start). */
  let day = '';
  let dayUntil = 0;
  function today(): string {
    const now = Date.now();
    if (now >= dayUntil) {
      day = berlinToday(new Date(now));
      dayUntil = now - (now % 60_000) + 60_000;
    }
    return day;
  }

  /**
   * What the route's answer for this actor is kept under; undefined: not kept. An organisation
   * route keeps an organisation user's answers under their organisation's version; a candidate
   * route a candidate's under postings, candidate and day (ADR 0107).
   */
  function versionOf(request: FastifyRequest, actor: SessionActor): Version | Promise<Version> | undefined {
    const config = request.routeOptions.config;
    if (config.organizationResponseCache && actor.organizationId)
      return versions.current(organizationDataKey(actor.organizationId));
    if (!config.candidateResponseCache || actor.type !== 'APPLICANT') return undefined;
    const postings = versions.current(POSTINGS_DATA_KEY);
    const own = versions.current(candidateDataKey(actor.userId));
    const on = today();
    // A store in memory answers at once: no promise and no microtask per request.
    if (typeof postings === 'number' && typeof own === 'number') return `${postings} ${own} ${on}`;
    return Promise.all([postings, own]).then(([p, a]) => `${p} ${a} ${on}`);
  }

  async function serveKept(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET' || !feed.listening) return;
    const actor = await request.getActor();
    if (!actor) return;
    const generation = feed.generation + clears;
    let version: Version | undefined;
    try {
      version = await versionOf(request, actor);
    } catch (error) {
      request.log.error({ err: error }, 'data version unreadable: answer from the database');
      return;
    }
    if (version === undefined) return;
    const found = lookUp(actor, request.url, version, generation);
    if (!('kept' in found)) {
      request.responseCacheSlot = found;
      return;
    }
    return sendFound(found, request, reply);
  }

  /** The kept answer, as the request accepts it. */
  function sendFound(found: Found, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const { variant, encoding } = variantFor(found, request.headers['accept-encoding']);
    reply.header('content-type', found.kept.contentType);
    varyOnEncoding(reply);
    if (found.kept.etag) reply.header('etag', found.kept.etag);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(variant.body);
  }

  function sendKept(request: FastifyRequest, reply: FastifyReply, actor: SessionActor): boolean | Promise<boolean> {
    if (answers.size === 0 || !feed.listening) return false;
    const generation = feed.generation + clears;
    /** Sends the kept answer if it holds under this version. */
    const send = (version: Version) => {
      const found = lookUp(actor, request.url, version, generation);
      if (!('kept' in found)) return false;
      sendFound(found, request, reply);
      return true;
    };
    let version: Version | Promise<Version> | undefined;
    try {
      version = versionOf(request, actor);
    } catch {
      return false;
    }
    if (version === undefined) return false;
    // A store in memory answers at once: no promise and no microtask per request.
    if (typeof version !== 'object') return send(version);
    // The route's hook reads the version again, and logs why it could not.
    return version.then(send, () => false);
  }

  function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneFuncWithErrOrRes) {
    // The same URL may come back compressed from memory: caches in between must tell them apart.
    varyOnEncoding(reply);
    const slot = request.responseCacheSlot;
    if (
      slot &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      feed.listening &&
      feed.generation + clears === slot.generation
    ) {
      const answer: CachedAnswer = {
        ...slot,
        contentType: String(reply.getHeader('content-type')),
        etag: reply.getHeader('etag') as string | undefined,
        identity: { body: Buffer.from(payload) },
        compressed: {},
      };
      answers.set(slot.key, answer);
      const { variant, encoding } = variantFor({ key: slot.key, kept: answer }, request.headers['accept-encoding']);
      if (encoding) {
        reply.header('content-encoding', encoding);
        done(null, variant.body);
        return;
      }
    }
    done(null, payload);
  }

  app.addHook('onRoute', (route) => {
    if (enabled && (route.config?.organizationResponseCache || route.config?.candidateResponseCache)) {
      // Before the query is validated: only answers to URLs that passed it are kept.
      route.onRequest = [...toArray(route.onRequest), serveKept];
      route.onSend = [...toArray(route.onSend), keep];
    }
  });

  return {
    clear() {
      clears += 1;
      answers.clear();
    },
    get size() {
      return answers.size;
    },
    sendKept,
  };
}

/** Adds accept-encoding to the answer's Vary, keeping what a route's hook put there (the candidate lists'). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string' || vary === '') reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', `${vary}, accept-encoding`);
}

function acceptedEncoding(accepted: string | undefined, body: Buffer): AnswerEncoding | undefined {
  if (!accepted || body.length < MIN_COMPRESSED_ANSWER_BYTES) return undefined;
  return negotiate<AnswerEncoding>(accepted, ANSWER_ENCODINGS) ?? undefined;
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
