import { Client } from 'twilio/lib/base/BaseTwilio';
import RequestClient from 'twilio/lib/base/RequestClient';
import Api from 'twilio/lib/rest/Api';
import type { MessageListInstance } from 'twilio/lib/rest/api/v2010/account/message';
import * as ENV from '../../shared/env-vars.js';

/**
 * The official Twilio REST client, only its Messages API: the base client and the Api domain rather than
 * `twilio/lib/rest/Twilio`, whose every product domain esbuild would bundle (docs/performance.md, "Bundles").
 * In AWS it calls api.twilio.com; the local stack sets TWILIO_BASE_URL to its Twilio test server, and a request client that
 * rewrites the origin sends every call there (the client's `edge`/`region` only change the https host name).
 */
class LocalOriginRequestClient extends RequestClient {
  constructor(private readonly origin: string) {
    super();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    const target = new URL(this.origin);
    url.protocol = target.protocol;
    url.host = target.host;
    return super.request({ ...opts, uri: url.toString() });
  }
}

export interface TwilioClient {
  messages: MessageListInstance;
}

export function createTwilioClient(accountSid: string, authToken: string): TwilioClient {
  const base = process.env[ENV.twilioBaseUrl];
  const client = new Client(
    accountSid,
    authToken,
    base ? { httpClient: new LocalOriginRequestClient(base) } : {},
  );
  return { messages: new Api(client).account.messages };
}
