/**
 * Counts Server-Sent Events as bytes arrive, across chunk boundaries, without keeping the stream:
 * every `data:` line is one event; `data: [DONE]` ends the stream (contract §4.1, §6).
 */
export class SseCounter {
  events = 0;
  done = false;
  firstEventAt: number | undefined;
  private partial = '';

  push(chunk: string, now: number): void {
    const text = this.partial + chunk;
    const lines = text.split('\n');
    this.partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (!line.startsWith('data:')) continue;
      if (line.slice(5).trim() === '[DONE]') {
        this.done = true;
        continue;
      }
      this.events++;
      this.firstEventAt ??= now;
    }
  }
}
