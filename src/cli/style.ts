import { styleText } from 'node:util';

type Style = 'bold' | 'dim' | 'red' | 'yellow' | 'green' | 'cyan';

/** Colours only for a person at a terminal: never in CI, in pipes or with NO_COLOR (https://no-color.org). */
export const colours = (stream: NodeJS.WriteStream = process.stdout): boolean =>
  stream.isTTY === true && !process.env.NO_COLOR && !process.env.CI && process.env.TERM !== 'dumb';

export function style(format: Style, text: string, stream?: NodeJS.WriteStream): string {
  return colours(stream) ? styleText(format, text) : text;
}

/**
 * A one-line progress display on stderr for long work (seed, pull), redrawn in place; nothing at all when stderr is
 * not a terminal, so logs and CI output stay clean.
 */
export function progress(): { update: (line: string) => void; done: () => void } {
  const on = colours(process.stderr);
  let last = 0;
  return {
    update(line) {
      const now = Date.now();
      if (!on || now - last < 80) return;
      last = now;
      process.stderr.write(`\r\x1b[2K${styleText('dim', line.slice(0, (process.stderr.columns || 80) - 1))}`);
    },
    done() {
      if (on && last) process.stderr.write('\r\x1b[2K');
    },
  };
}
