export interface OutgoingSms {
  to: string;
  text: string;
}

/**
 * What sends an SMS. No provider is bundled: without one, messages stay in the delivery outbox
 * (listed for administrators), which is how every flow works on a fresh machine. A gateway plugs in
 * by implementing this interface and passing it to `buildApp` (`smsProvider`).
 */
export interface SmsProvider {
  readonly name: string;
  send(sms: OutgoingSms): Promise<void>;
}
