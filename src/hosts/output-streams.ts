/**
 * Our own stdout and stderr may go away while we run: `azd-scripts provision | head -1` closes the pipe after one
 * line. Node then emits an unhandled 'error' (EPIPE) and the process dies between two scripts, before the
 * outputs of the one that just finished are saved. Provisioning is the point of the run and printing is not, so
 * a write error on our own streams is ignored from then on, and the run goes on (issue 11.5).
 */
import { fstatSync } from 'node:fs';
import { Writable } from 'node:stream';

/** Stops write errors on process.stdout and process.stderr from ending the process. Call once, first thing. */
export function ignoreOutputErrors(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') === 0) stream.on('error', () => undefined);
  }
}

/**
 * Where scripts' output goes. A terminal or a file is handed to the script as it is (the kernel moves the output,
 * and a script on a terminal still sees one). A pipe or socket is wrapped: the script writes into our pipe, which
 * we always drain, so a reader that went away neither kills the script with SIGPIPE nor stalls it; what cannot be
 * delivered is dropped.
 */
export function scriptSink(stream: NodeJS.WriteStream): Writable {
  if (!mayBreak(stream)) return stream;
  return guarded(stream);
}

/** A Writable that forwards to `stream` until a write to it fails, then drops everything. Never errors. */
export function guarded(stream: NodeJS.WriteStream): Writable {
  let broken = false;
  stream.once('error', () => (broken = true));
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (broken || stream.destroyed || !stream.writable) {
        broken = true;
        return callback();
      }
      // Handed on at once, in call order with our own lines (progress, ::endgroup::): waiting for the flush
      // before taking the next chunk would let a later line of ours overtake script output still queued here.
      // Backpressure is kept: when the stream's buffer is full, the next chunk waits for 'drain'.
      let more: boolean;
      try {
        more = stream.write(chunk, (err) => {
          if (err) broken = true;
        });
      } catch {
        broken = true;
        return callback();
      }
      if (more || broken) return callback();
      const resume = () => {
        stream.off('drain', resume);
        stream.off('error', resume);
        callback();
      };
      stream.on('drain', resume);
      stream.on('error', resume);
    },
  });
}

function mayBreak(stream: NodeJS.WriteStream): boolean {
  if (stream.isTTY) return false;
  const fd = (stream as NodeJS.WriteStream & { fd?: unknown }).fd;
  if (typeof fd !== 'number') return true;
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return true;
  }
}
