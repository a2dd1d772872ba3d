import { describe, expect, it } from 'vitest';
import { type PushEnvironment, pushStateOf } from '#lib/push-state';

const env = (over: Partial<PushEnvironment>): PushEnvironment => ({
  ios: false,
  standalone: false,
  supported: true,
  permission: 'default',
  subscribed: false,
  ...over,
});

describe('pushStateOf', () => {
  it('is off until permission is granted and a subscription exists', () => {
    expect(pushStateOf(env({}))).toBe('off');
    expect(pushStateOf(env({ permission: 'granted' }))).toBe('off');
    // A subscription left from before the permission was reset does not count.
    expect(pushStateOf(env({ subscribed: true }))).toBe('off');
    expect(pushStateOf(env({ permission: 'granted', subscribed: true }))).toBe('on');
  });

  it('says denied when the user blocked notifications, subscription or not', () => {
    expect(pushStateOf(env({ permission: 'denied' }))).toBe('denied');
    expect(pushStateOf(env({ permission: 'denied', subscribed: true }))).toBe('denied');
  });

  it('on iOS asks for the installed app first, and only there offers the switch', () => {
    expect(pushStateOf(env({ ios: true, supported: false }))).toBe('needs-install');
    expect(pushStateOf(env({ ios: true, supported: true, permission: 'granted', subscribed: true }))).toBe(
      'needs-install',
    );
    expect(pushStateOf(env({ ios: true, standalone: true }))).toBe('off');
  });

  it('is unsupported without a service worker or push in the browser', () => {
    expect(pushStateOf(env({ supported: false }))).toBe('unsupported');
    expect(pushStateOf(env({ supported: false, permission: 'denied' }))).toBe('unsupported');
  });
});
