import { describe, expect, it } from 'vitest';
import { checkedAddress, isBlockedAddress } from './target-egress.js';

describe('the probe server egress policy', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0',
    '::1', '::', 'fd00:ec2::254', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::', '::127.0.0.1', '[::1]', 'fe80::1%eth0', '224.0.0.1', '255.255.255.255', 'not-an-address',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::'])('lets %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('checks every address of a name, and honours the allow-list by name, address or range', async () => {
    await expect(checkedAddress('localhost', { allow: [] })).rejects.toThrow(/loopback, private/);
    await expect(checkedAddress('metadata.google.internal', { allow: [] })).rejects.toThrow(/metadata/);
    await expect(checkedAddress('127.0.0.1', { allow: ['127.0.0.0/8'] })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(checkedAddress('127.0.0.1', { allow: ['127.0.0.1'] })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(checkedAddress('10.0.0.1', { allow: ['127.0.0.1'] })).rejects.toThrow();
    await expect(checkedAddress('93.184.216.34', { allow: [] })).resolves.toMatchObject({ family: 4 });
  });
});
