import { StrapiError, type ErrorDetails } from './strapi-errors.js';

// The one status table: reason phrases (core has no node:http) and the error names Strapi gives a status.

const REASON: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  507: 'Insufficient Storage',
  511: 'Network Authentication Required',
};

/** Names of Strapi's own error classes for the statuses it throws them with. */
const STRAPI_NAMES: Readonly<Record<number, string>> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  413: 'PayloadTooLargeError',
  429: 'RateLimitError',
  500: 'InternalServerError',
  501: 'NotImplementedError',
};

export function reasonPhrase(status: number): string {
  return REASON[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** How http-errors names a status (Koa, so Strapi, for errors its own code does not name): `BadGatewayError`. */
export function httpErrorName(status: number): string {
  const words = reasonPhrase(status)
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .filter(Boolean);
  const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return name.endsWith('Error') ? name : `${name}Error`;
}

/** Strapi's class name for a status when it has one, else the http-errors name. */
export function strapiErrorName(status: number): string {
  return STRAPI_NAMES[status] ?? httpErrorName(status);
}

/** An error of any status, named as given (default: Strapi's name for it), for the one envelope writer. */
export class StatusError extends StrapiError {
  override readonly name: string;
  override readonly status: number;
  constructor(status: number, opts: { name?: string; message?: string; details?: ErrorDetails | null } = {}) {
    super(opts.message ?? reasonPhrase(status), opts.details === undefined ? {} : opts.details);
    this.status = status;
    this.name = opts.name ?? strapiErrorName(status);
  }
}
