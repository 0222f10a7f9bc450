import { freePort, freePorts } from '../../src/testing/free-port';

// A stack asks for 17 to 21 ports before any of its processes binds one.
const STACK_PORTS = 17;
// Sets asked for in each test: enough that the control cannot pass by luck.
const ROUNDS = 1_000;

describe('free ports for a stack of processes', () => {
  it('hands out ports below the range outgoing connections take their local ports from', async () => {
    const [low, high] = (await import('node:fs'))
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports = await freePorts(STACK_PORTS);
    expect(ports.filter((port) => port >= low! && port <= high!)).toEqual([]);
    expect(ports.every((port) => port >= 1024)).toBe(true);
  });

  it('hands out different ports within one set, every time', async () => {
    let setsWithDuplicates = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const ports = await freePorts(STACK_PORTS);
      if (new Set(ports).size !== ports.length) setsWithDuplicates++;
    }
    expect(setsWithDuplicates).toBe(0);
  });

  it('control: asked one after another, each released before the next, the same port comes back within a set', async () => {
    // Each pick is random among 12,768 ports, so about one set of 17 in 95 repeats one: over 1,000 sets, none at all
    // would be a one-in-60,000 chance.
    let setsWithDuplicates = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const ports: number[] = [];
      for (let i = 0; i < STACK_PORTS; i++) ports.push(await freePort());
      if (new Set(ports).size !== ports.length) setsWithDuplicates++;
    }
    expect(setsWithDuplicates).toBeGreaterThan(0);
  });
});
