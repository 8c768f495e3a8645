import type { OriginSecret } from '../../shared/schemas/origin-secret.js';
import { acceptedOriginValues } from '../../shared/schemas/origin-secret.js';
import {
  type EdgeHeader,
  type OriginSecretStore,
  rotateOriginSecret,
  rotationState,
} from './origin-rotation.js';

/** A fake secret and distribution; `accepted` checks, at every step, that what CloudFront sends is accepted. */
function world(secret: OriginSecret, sent: string, failAt?: string) {
  const state = { secret: { ...secret }, sent, failed: false, refused: 0, steps: [] as string[] };
  const check = () => {
    if (!acceptedOriginValues(state.secret).includes(state.sent)) state.refused++;
  };
  const store: OriginSecretStore = {
    read: async () => ({ ...state.secret }),
    write: async (value) => {
      if (failAt === 'store' && state.steps.length === 2 && !state.failed) {
        state.failed = true;
        throw new Error('interrupted');
      }
      state.secret = { ...value };
      state.steps.push(`secret ${JSON.stringify(value)}`);
      check();
    },
  };
  const edge: EdgeHeader = {
    read: async () => state.sent,
    write: async (value) => {
      state.sent = value;
      state.steps.push(`edge ${value}`);
      check();
    },
    waitDeployed: async () => {},
  };
  return { state, store, edge };
}

const deps = (w: ReturnType<typeof world>) => ({
  store: w.store,
  edge: w.edge,
  sleep: async () => {},
  log: () => {},
  newValue: () => 'B',
});

describe('rotate-origin-secret', () => {
  it('moves CloudFront to a new value with two accepted values in between, never refusing what it sends', async () => {
    const w = world({ originVerify: 'A' }, 'A');
    await rotateOriginSecret(deps(w));
    expect(w.state.secret).toEqual({ originVerify: 'B' });
    expect(w.state.sent).toBe('B');
    expect(w.state.refused).toBe(0);
    expect(w.state.steps).toEqual([
      'secret {"originVerify":"A","originVerifyNext":"B"}',
      'edge B',
      'secret {"originVerify":"B","originVerifyPrevious":"A"}',
      'secret {"originVerify":"B"}',
    ]);
  });

  it('resumes an interrupted rotation from where it stands', async () => {
    const w = world({ originVerify: 'A' }, 'A', 'store');
    await expect(rotateOriginSecret(deps(w))).rejects.toThrow('interrupted');
    expect(rotationState(w.state.secret, w.state.sent)).toBe('edge-switched');
    await rotateOriginSecret({ ...deps(w), newValue: () => 'C' });
    expect(w.state.secret).toEqual({ originVerify: 'B' });
    expect(w.state.refused).toBe(0);
  });

  it('a dry run only reports, and a header the secret does not hold stops it', async () => {
    const w = world({ originVerify: 'A' }, 'A');
    const lines: string[] = [];
    await rotateOriginSecret({ ...deps(w), log: (l) => lines.push(l) }, true);
    expect(w.state.steps).toEqual([]);
    expect(lines).toEqual(['Origin secret: no rotation under way.']);
    expect(() => rotationState({ originVerify: 'A' }, 'X')).toThrow('CloudFront sends a value');
  });
});
