import { NodeBuffer } from './node-buffer';

/**
 * Room for `size` bytes that the caller writes over whole (they are not cleared first). Under node
 * it is a slice of node's shared pool (`Buffer.allocUnsafe`): an answer's bytes then get no memory
 * of their own outside the heap, which the garbage collector would track and free apart. In other
 * runtimes (a browser, a worker) it is a plain Uint8Array.
 */
const nodeBuffer = NodeBuffer;

export const allocBytes: (size: number) => Uint8Array =
  nodeBuffer !== undefined ? (size) => nodeBuffer.allocUnsafe(size) : (size) => new Uint8Array(size);
