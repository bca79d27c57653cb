import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toMatch(/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('treats empty variables as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('reports every bad value with its name, value and reason', () => {
    try {
      loadEnv({ PORT: '80a', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', REDIS_URL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.find((p) => p.startsWith('PORT="80a"'))).toMatch(/whole number/);
      expect(problems.find((p) => p.startsWith('DATABASE_URL='))).toMatch(/postgres:\/\//);
      expect(problems.find((p) => p.startsWith('LOG_LEVEL='))).toMatch(/one of/);
      expect(problems.find((p) => p.startsWith('REDIS_URL='))).toMatch(/redis:\/\//);
    }
  });

  it('rejects a port out of range', () => {
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/between 1 and 65535/);
  });

  it('reads ALLOWED_HOSTS as a list of names and name:port entries', () => {
    expect(
      loadEnv({ ALLOWED_HOSTS: 'app.example, admin.example:8443,[::1]' }).ALLOWED_HOSTS,
    ).toEqual(['app.example', 'admin.example:8443', '[::1]']);
    expect(loadEnv({}).ALLOWED_HOSTS).toBeUndefined();
    expect(() => loadEnv({ ALLOWED_HOSTS: 'https://app.example' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => loadEnv({ ALLOWED_HOSTS: 'a b' })).toThrow(/ALLOWED_HOSTS/);
  });
});
