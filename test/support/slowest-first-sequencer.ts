// The order Vitest starts test files in. On a clean clone (CI) it knows no durations and starts the
// largest files first, so the bench's quick run (a small file, minutes long) started last and ran
// alone on one worker while the other sat idle. Known-long kinds start first: the bench, then the
// end-to-end files, then the rest, each kind in Vitest's own order (durations when it has them).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const kindRank = (spec: TestSpecification): number => (/[/\\]test[/\\]bench[/\\]/.test(spec.moduleId) ? 0 : /[/\\]test[/\\]e2e[/\\]/.test(spec.moduleId) ? 1 : 2);

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    return byVitest
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => kindRank(a.spec) - kindRank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
