// A database worker that opens, then dies on its first task: what a crash of the real one looks like to main.
import { parentPort } from 'node:worker_threads';

parentPort!.postMessage('ready');
parentPort!.on('message', () => process.exit(3));
