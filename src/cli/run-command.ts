import { describeError } from '../project/describe-error.js';

/** Runs a command body: its result is the exit code; an error is printed clearly and exits 1. */
export async function runCommand(task: () => Promise<number> | number): Promise<void> {
  try {
    process.exitCode = await task();
  } catch (e) {
    console.error(describeError(e));
    process.exitCode = 1;
  }
}
