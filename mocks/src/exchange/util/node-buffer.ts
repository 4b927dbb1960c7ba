/**
 * Node's Buffer class where the core runs under node, undefined elsewhere (a browser, a worker):
 * the one place the runtime-neutral core looks for it, typed with the little it uses.
 */
export interface NodeBufferClass {
  new (...args: never[]): Uint8Array;
  allocUnsafe(size: number): Uint8Array;
  readonly prototype: { readonly latin1Slice?: (this: Uint8Array, start: number, end: number) => string };
}

export const NodeBuffer: NodeBufferClass | undefined = (globalThis as unknown as { Buffer?: NodeBufferClass }).Buffer;
