/**
 * Coalesces concurrent writes of one kind into batches, each written by one statement and one
 * commit (issue #12, ADR 0087). A write waits at most until the end of the current turn of the
 * event loop while fewer than `maxInFlight` batches run, so a lone write is not delayed; under
 * load, writes gather while the batches before them run and go together when a slot frees.
 */
export interface WriteBatcherOptions<Input, Output> {
  /**
   * Writes one batch. Answers one entry per input, in order: the output or the error of that
   * input alone (a batch that fails as a whole is the caller's to split, see messages.repository).
   */
  write: (batch: readonly Input[]) => Promise<readonly (Output | Error)[]>;
  /** Batches running at once; the others' writes wait (and gather). */
  maxInFlight: number;
  /** Inputs per batch at most. */
  maxBatch: number;
}

interface Waiting<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

export interface WriteBatcher<Input, Output> {
  write(input: Input): Promise<Output>;
}

export function createWriteBatcher<Input, Output>(
  options: WriteBatcherOptions<Input, Output>,
): WriteBatcher<Input, Output> {
  const queue: Waiting<Input, Output>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || inFlight >= options.maxInFlight || queue.length === 0) return;
    scheduled = true;
    // After the current turn's I/O callbacks: the writes that arrived together go together.
    setImmediate(dispatch);
  }

  function dispatch(): void {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  }

  async function run(batch: Waiting<Input, Output>[]): Promise<void> {
    let outputs: readonly (Output | Error)[];
    try {
      outputs = await options.write(batch.map((waiting) => waiting.input));
      if (outputs.length !== batch.length)
        throw new Error(`write batch answered ${outputs.length} results for ${batch.length} inputs`);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => {
      const output = outputs[index] as Output | Error;
      if (output instanceof Error) waiting.reject(output);
      else waiting.resolve(output);
    });
  }

  return {
    write(input) {
      return new Promise<Output>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        schedule();
      });
    },
  };
}
