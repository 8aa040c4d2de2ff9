import { createProgress } from './progress';
import { collector } from './testing/cli-harness';

describe('progress on stderr', () => {
  it('on a terminal: rewrites one line in place, keeps the lines that stay, cuts what does not fit', () => {
    const stream = collector(true);
    const progress = createProgress(stream);
    progress.status('step 1/2');
    progress.log('month done');
    progress.status('x'.repeat(150));
    progress.clear();
    expect(stream.text()).toBe(`\r\x1b[2Kstep 1/2\r\x1b[2Kmonth done\n\r\x1b[2K${'x'.repeat(98)}…\r\x1b[2K`);
  });

  it('does not redraw faster than the eye reads', () => {
    const stream = collector(true);
    const progress = createProgress(stream);
    for (let i = 0; i < 1_000; i++) progress.status(`tournament ${i}`);
    expect(stream.text().split('\r\x1b[2K').filter(Boolean).length).toBeLessThan(10);
  });

  it('elsewhere: only the lines that stay, one per line; with --quiet nothing', () => {
    const plain = collector(false);
    const progress = createProgress(plain);
    progress.status('step 1/2');
    progress.log('month done');
    progress.clear();
    expect(plain.text()).toBe('month done\n');

    const quiet = collector(true);
    const silent = createProgress(quiet, { quiet: true });
    silent.status('step');
    silent.log('done');
    expect(quiet.text()).toBe('');
  });
});
