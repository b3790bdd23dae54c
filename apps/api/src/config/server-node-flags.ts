/**
 * The V8 flags the server's process runs with (ADR 0089). The api's `start` script passes them
 * (Node takes V8 flags on the command line only, not in NODE_OPTIONS), and the bench starts its
 * app process with the same; server-node-flags.test.ts keeps the two equal.
 *
 * - Allocation-site pretenuring: when, at some scavenge, many objects from one allocation site
 *   happen to be alive (the app's start-up builds thousands of long-lived objects), V8 makes that
 *   site allocate in the old generation from then on. If the site is one every request uses, each
 *   request's objects go straight to the old generation, keep their young neighbours alive, and a
 *   full collection follows every second or two: the health answer cost 30–37 µs of CPU instead
 *   of 13–15, in 5 of 16 fresh processes, until the process ended.
 * - The memory reducer: after a few seconds of low allocation it collects with "reduce memory",
 *   which shrinks the young generation; under load again it scavenged about seven times as often
 *   (1,200–1,460 scavenges per 6 s instead of 170–180) and the answer cost 16.5–20 µs. A server's
 *   memory is sized for its busy hours, so what an idle server would hand back buys nothing.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring', '--no-memory-reducer'];
