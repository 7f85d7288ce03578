import { describe, expect, it } from 'vitest';
import { gecosFullName, osPersonName, splitFullName } from './osPersonName.ts';

describe('the OS person name', () => {
  it('splits a full name into given names and a family name, in either order', () => {
    expect(splitFullName('Ada King  Lovelace')).toEqual({ first: 'Ada King', last: 'Lovelace' });
    expect(splitFullName('Lovelace, Ada')).toEqual({ first: 'Ada', last: 'Lovelace' });
    expect(splitFullName('Plato')).toEqual({ first: 'Plato', last: '' });
    expect(splitFullName('   ')).toBeUndefined();
  });

  it('reads the full name from the GECOS field of the login, not of another account', () => {
    const passwd = [
      'root:x:0:0:root:/root:/bin/bash',
      'adal:x:1000:1000:Ada Lovelace,Room 12,555-1234,,:/home/adal:/bin/bash',
      'svc:x:998:998::/nonexistent:/usr/sbin/nologin',
    ].join('\n');
    expect(gecosFullName(passwd, 'adal')).toBe('Ada Lovelace');
    expect(gecosFullName(passwd, 'svc')).toBeUndefined();
    expect(gecosFullName(passwd, 'nobody')).toBeUndefined();
  });

  it('never names the account "User": the login stands in when the OS has no full name', () => {
    const name = osPersonName();
    expect(name.first.length).toBeGreaterThan(0);
    expect(name.last.length).toBeGreaterThan(0);
    expect(`${name.first} ${name.last}`).not.toMatch(/ User$/);
  });
});
