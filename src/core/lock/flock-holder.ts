/**
 * azd's own lock (DESIGN section 7): `flock(2)` LOCK_EX on `.azure/<env>/.env.lock`. Node has no flock() and a
 * native addon would not be self-contained across runner OSes, so a small perl child holds the lock for us (perl
 * and its Fcntl module are on every GitHub Linux and macOS runner and in Debian's essential perl-base).
 *
 * One holder lives as long as our process and takes and drops the lock on request over its stdin, so a save costs
 * a pipe round trip, not a process start. When our process dies, for any reason, the holder reads EOF and exits,
 * and the kernel drops its lock: a crash of ours can never leave the environment locked. The holder creates the
 * lock file when missing (mode 0600, as azd's gofrs/flock does) and never deletes or replaces it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';

/*
 * Protocol, one line each way: we send `lock`, `unlock` or `cancel`; it answers `lock` with `waiting` (once, when
 * another process holds the lock) and then `locked`, `cancelled` or `error <reason>`. It polls with LOCK_NB every
 * 50 ms (as azd does), reading its stdin in between, so a wait can be cancelled. Stdin is read unbuffered
 * (sysread) so that select() sees every line.
 */
const HOLDER = String.raw`
use strict; use warnings; use Fcntl qw(:flock O_RDWR O_CREAT);
$| = 1; $SIG{INT} = 'IGNORE';
my $path = $ARGV[0]; my $buf = ''; my $held;
sub next_line {
  my ($timeout) = @_;
  while (1) {
    return $1 if $buf =~ s/^([^\n]*)\n//;
    if (defined $timeout) {
      my $rin = ''; vec($rin, fileno(STDIN), 1) = 1;
      my $n = select(my $rout = $rin, undef, undef, $timeout);
      return undef if $n <= 0;
    }
    my $r = sysread(STDIN, $buf, 4096, length $buf);
    exit 0 unless $r;
  }
}
while (1) {
  my $cmd = next_line(undef);
  if ($cmd eq 'lock') {
    my $fh;
    unless (sysopen($fh, $path, O_RDWR | O_CREAT, 0600)) { print "error $!\n"; next; }
    my ($told, $ok) = (0, 1);
    until (flock($fh, LOCK_EX | LOCK_NB)) {
      unless ($!{EWOULDBLOCK} || $!{EAGAIN}) { print "error $!\n"; $ok = 0; last; }
      unless ($told) { print "waiting\n"; $told = 1; }
      my $line = next_line(0.05);
      if (defined $line && $line eq 'cancel') { print "cancelled\n"; $ok = 0; last; }
    }
    if ($ok) { $held = $fh; print "locked\n"; } else { close $fh; }
  } elsif ($cmd eq 'unlock' && $held) {
    flock($held, LOCK_UN); close $held; undef $held;
  }
}
`;

/** Where perl is: the system one first (a PATH the user narrowed must not hide it), else whatever PATH finds. */
export function perlExecutable(): string {
  for (const candidate of ['/usr/bin/perl', '/bin/perl']) if (existsSync(candidate)) return candidate;
  return 'perl';
}

/** The child's stdio are sockets (net.Socket), which can be unref'd; the typings say only Readable/Writable. */
type Pipe = { ref?: () => void; unref?: () => void };

/** The perl child; `request` sends a line, `replies` yields the lines it answers. */
export class FlockHolder {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly queue: string[] = [];
  private waiter: ((line: string | undefined) => void) | undefined;
  private ended: string | undefined;
  private hasAnswered = false;

  constructor(lockFile: string) {
    // A process group of its own: a Ctrl-C on the terminal must not end the holder in the middle of a save (it
    // also ignores SIGINT); it ends when our end of its stdin closes. It pins no folder of the project.
    this.child = spawn(perlExecutable(), ['-e', HOLDER, lockFile], {
      stdio: 'pipe',
      detached: true,
      cwd: '/',
      env: { PATH: process.env.PATH ?? '' },
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n')) {
        this.push(this.buffer.slice(0, nl));
        this.buffer = this.buffer.slice(nl + 1);
      }
    });
    this.child.stderr.on('data', () => undefined);
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (err) => this.end(err.message));
    this.child.on('exit', (code, signal) => this.end(`the lock holder exited (${signal ?? `exit code ${code}`})`));
    this.idle();
  }

  /** Why the holder is gone, once it is. */
  get failure(): string | undefined {
    return this.ended;
  }

  send(command: 'lock' | 'unlock' | 'cancel'): void {
    if (this.ended === undefined) this.child.stdin.write(`${command}\n`);
  }

  /** The next reply; undefined when the holder is gone. Keeps our process alive while waiting for it. */
  async reply(): Promise<string | undefined> {
    if (this.queue.length > 0) return this.queue.shift();
    if (this.ended !== undefined) return undefined;
    this.busy();
    try {
      return await new Promise<string | undefined>((resolve) => (this.waiter = resolve));
    } finally {
      this.waiter = undefined;
      this.idle();
    }
  }

  /** True once the holder has answered: a holder that worked and then died may be started again. */
  get answered(): boolean {
    return this.hasAnswered;
  }

  private push(line: string): void {
    this.hasAnswered = true;
    if (this.waiter) this.waiter(line);
    else this.queue.push(line);
  }

  private end(reason: string): void {
    if (this.ended !== undefined) return;
    this.ended = reason;
    this.waiter?.(undefined);
  }

  /** An idle holder must not keep our process alive (it exits when we do). */
  private idle(): void {
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as Pipe).unref?.();
  }

  private busy(): void {
    this.child.ref();
    for (const stream of [this.child.stdin, this.child.stdout]) (stream as Pipe).ref?.();
  }
}
