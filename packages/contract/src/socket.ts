import { z } from 'zod/mini';

/** SPEC §7: what the client sends over the socket. */
export const socketOutSchema = z.object({
  event: z.string().check(z.minLength(1), z.maxLength(64)),
  data: z.optional(z.unknown()),
});
export type SocketOut = z.infer<typeof socketOutSchema>;

/** SPEC §7: what the server sends: a channel message, or a ping. */
export const socketInSchema = z.union([
  z.object({ ch: z.string().check(z.minLength(1)), data: z.unknown() }),
  z.object({ event: z.literal('ping'), data: z.optional(z.unknown()) }),
]);
export type SocketIn = z.infer<typeof socketInSchema>;

/** SPEC §4: socket connection states. */
export const SOCKET_STATE = { IDLE: 0, CONNECTED: 1, RECONNECTING: 2, ERROR: 3 } as const;
export type SocketState = (typeof SOCKET_STATE)[keyof typeof SOCKET_STATE];
