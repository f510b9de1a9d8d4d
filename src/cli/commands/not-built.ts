import type { CommandModule } from 'yargs';

/** A command registered so `--help` lists it, answering exit code 2 until it is built. */
export function notBuilt(command: string, describe: string): CommandModule {
  return {
    command,
    describe,
    handler: () => {
      console.error(`content-mock ${command}: not built yet in this version.`);
      process.exitCode = 2;
    },
  };
}
