import { freePort, freePorts } from '../../src/testing/free-port';

// A stack asks for 17 to 21 ports before any of its processes binds one.
const STACK_PORTS = 17;
// Sets asked for in each test: enough that the control cannot pass by luck.
const ROUNDS = 1_000;

describe('free ports for a stack of processes', () => {
  it('hands out different ports within one set, every time', async () => {
    let setsWithDuplicates = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const ports = await freePorts(STACK_PORTS);
      if (new Set(ports).size !== ports.length) setsWithDuplicates++;
    }
    expect(setsWithDuplicates).toBe(0);
  });

  it('control: asked one after another, each released before the next, the same port comes back within a set', async () => {
    // About one set in 50 on Linux's default port range: over 1,000 sets, none at all would be a one-in-500-million
    // chance.
    let setsWithDuplicates = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const ports: number[] = [];
      for (let i = 0; i < STACK_PORTS; i++) ports.push(await freePort());
      if (new Set(ports).size !== ports.length) setsWithDuplicates++;
    }
    expect(setsWithDuplicates).toBeGreaterThan(0);
  });
});
