import { createMockServer } from './mocks/index';
async function main() {
  const mock = createMockServer({});
  const base = await mock.listen(0, '127.0.0.1');
  for (const n of [1, 2, 3]) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const res = await fetch(`${base}/model/openai/gpt-4o`, { headers: { Authorization: 'Bearer sk-mock-user', Prefer: 'code=404' } });
    await res.text();
    const used = process.cpuUsage(cpu);
    console.log(`prefer #${n}: ${res.status} wall ${(performance.now() - t).toFixed(0)} ms, cpu ${((used.user + used.system) / 1000).toFixed(0)} ms`);
  }
  await mock.close();
}
void main();
