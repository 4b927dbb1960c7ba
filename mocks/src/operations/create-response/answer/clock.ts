/** Unix seconds now: `created_at` and `completed_at` of ResponseResult. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** When a response created at `createdAt` is complete: now, but never before it was created. */
export function completionSeconds(createdAt: number): number {
  return Math.max(nowSeconds(), createdAt);
}
