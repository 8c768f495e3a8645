import RequestClient from 'twilio/lib/base/RequestClient';
import Twilio from 'twilio/lib/rest/Twilio';
import { ENV } from '../../shared/runtime-env.js';

/**
 * The official Twilio REST client (only its REST part: not TwiML, JWT or webhooks). In AWS it calls
 * api.twilio.com; the local stack sets TWILIO_BASE_URL to its Twilio test server, and a request client that
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

export type TwilioClient = Twilio;

export function createTwilioClient(accountSid: string, authToken: string): TwilioClient {
  const base = process.env[ENV.twilioBaseUrl];
  return new Twilio(accountSid, authToken, base ? { httpClient: new LocalOriginRequestClient(base) } : {});
}
