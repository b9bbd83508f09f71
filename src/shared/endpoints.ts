// The method and path of every API endpoint, by name: what the browser needs at run time to call
// the API. Their request and response schemas are in ./api.ts (the contracts), which the server
// validates with and the web client takes its types from (type-only, so that no page carries the
// schemas of endpoints it never calls). The public site's are in ./endpoints-public.ts, the
// back office's and the pro portal's in ./endpoints-staff.ts (the public pages never load them),
// the signed-in customer's in ./endpoints-orders.ts (only /orders loads them).
import { publicEndpoints, type Endpoint } from './endpoints-public';
import { ordersEndpoints } from './endpoints-orders';
import { staffEndpoints } from './endpoints-staff';

export type { Endpoint, Method } from './endpoints-public';
export { fileEndpoints } from './endpoints-files';

export const endpoints = { ...publicEndpoints, ...ordersEndpoints, ...staffEndpoints } as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
