import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export interface Terminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

/**
 * Asks a question on the terminal and resolves to the answer; `hidden` echoes nothing of what is
 * typed (secrets). Resolves to undefined when the input is not a terminal: nobody can answer.
 */
export function ask(question: string, hidden: boolean, terminal: Terminal): Promise<string | undefined> {
  if (!terminal.input.isTTY) return Promise.resolve(undefined);
  let muted = false;
  // readline echoes through its output: a sink that goes quiet once the question is written.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) terminal.output.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: terminal.input, output: sink, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) terminal.output.write('\n');
      resolve(answer.trim() || undefined);
    });
    muted = hidden;
  });
}
