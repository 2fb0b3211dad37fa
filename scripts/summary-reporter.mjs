// A node:test reporter that prints only the final count of tests (not suites): "N passed, N failed".
export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.type === 'test:fail') failed++;
    else if (event.data.skip || event.data.todo) skipped++;
    else passed++;
  }
  if (skipped > 0) yield `${skipped} skipped\n`;
  yield `${passed} passed, ${failed} failed\n`;
}
