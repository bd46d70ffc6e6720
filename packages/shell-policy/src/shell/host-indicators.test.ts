import { describe, expect, it } from 'vitest';
import { mentionsDevTcp, mentionsMetadataEndpoint, parseInetAton } from './host-indicators.js';

describe('metadata endpoint detection', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data',
    '169.254.169.254',
    'http://0xa9fea9fe/',
    'http://0xA9.0xFE.0xA9.0xFE/',
    'http://2852039166/',
    'http://0251.0376.0251.0376/',
    'http://169.254.43518/',
    'http://[fd00:ec2::254]/',
    'http://[fd00:ec2:0:0:0:0:0:254]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'metadata.google.internal.',
    'http://metadata/computeMetadata/v1/',
    'http://169.254.170.2/v2/credentials',
    'http://100.100.100.200/latest/meta-data/',
  ])('finds %s', (text) => {
    expect(mentionsMetadataEndpoint(text)).toBe(true);
  });

  it.each([
    'http://169.254.1.1/',
    'v1.169.254.169.2540',
    'https://example.com/metadata/',
    'metadata.json',
    'sha 16925416925',
    'http://[fd00:ec2::253]/',
    'version 2852039167',
  ])('ignores %s', (text) => {
    expect(mentionsMetadataEndpoint(text)).toBe(false);
  });

  it('parses inet_aton forms', () => {
    expect(parseInetAton('127.1')).toBe(0x7f000001);
    expect(parseInetAton('0x7f.1')).toBe(0x7f000001);
    expect(parseInetAton('256.1.1.1')).toBeUndefined();
    expect(parseInetAton('1.2.3.4.5')).toBeUndefined();
  });

  it('finds /dev/tcp and /dev/udp', () => {
    expect(mentionsDevTcp('/dev/tcp/1.2.3.4/80')).toBe(true);
    expect(mentionsDevTcp('/dev//udp/1.2.3.4/53')).toBe(true);
    expect(mentionsDevTcp('/dev/tty')).toBe(false);
  });
});
