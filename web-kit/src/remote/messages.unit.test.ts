import { describe, expect, it } from 'vitest';
import { messagesLoader, type Messages } from './messages';

function counting(answers: (Messages | Error)[]) {
  const calls: string[] = [];
  const load = (locale: string) => {
    calls.push(locale);
    const a = answers.shift() ?? new Error('no more answers');
    return a instanceof Error ? Promise.reject(a) : Promise.resolve({ default: a });
  };
  return { calls, load };
}

describe('messagesLoader', () => {
  it('has no bundle for the default locale', async () => {
    const { calls, load } = counting([]);
    await expect(messagesLoader(load)('en-US')).resolves.toEqual({});
    expect(calls).toEqual([]);
  });
  it('fetches a locale once and shares it', async () => {
    const { calls, load } = counting([{ hi: 'привет' }]);
    const get = messagesLoader(load);
    const [a, b] = await Promise.all([get('ru'), get('ru')]);
    expect(a).toEqual({ hi: 'привет' });
    expect(b).toBe(a);
    await get('ru');
    expect(calls).toEqual(['ru']);
  });
  it('retries a failed fetch at once', async () => {
    const { calls, load } = counting([new Error('chunk failed'), { hi: 'привет' }]);
    await expect(messagesLoader(load)('ru')).resolves.toEqual({ hi: 'привет' });
    expect(calls).toEqual(['ru', 'ru']);
  });
  it('forgets a bundle that still failed, so the next call fetches anew', async () => {
    const { calls, load } = counting([new Error('down'), new Error('down'), { hi: 'привет' }]);
    const get = messagesLoader(load);
    await expect(get('ru')).rejects.toThrow('down');
    await expect(get('ru')).resolves.toEqual({ hi: 'привет' });
    expect(calls).toEqual(['ru', 'ru', 'ru']);
  });
});
