import { join } from 'node:path';
import { Command } from 'commander';
import { createApp, type FoveaApp } from './app';
import { findProjectRoot, readAppVersion } from './config/app-info';
import { resolveConfig, type ConfigFlags } from './config/config';

/** CLI entry: `node server/dist/main.js [--port N] [--host H] [--data-dir D] [--database-url U]`. */
async function main(): Promise<void> {
  const root = findProjectRoot();
  const version = readAppVersion(root);
  const program = new Command()
    .name('fovea')
    .description('Fovea: a self-hosted library manager for virtual-reality video scenes')
    .version(version)
    .option('--port <port>', 'HTTP port (env FOVEA_PORT, default 9999)')
    .option('--host <host>', 'address to listen on (env FOVEA_HOST, default 0.0.0.0)')
    .option(
      '--data-dir <dir>',
      'data folder (env FOVEA_DATA_DIR, default $XDG_DATA_HOME/fovea or ~/.local/share/fovea)',
    )
    .option('--dlna-port <port>', 'DLNA server HTTP port (env FOVEA_DLNA_PORT, default 1338)')
    .option(
      '--database-url <url>',
      'database (env FOVEA_DATABASE_URL, default the SQLite file in the data folder)',
    )
    .parse();

  const config = resolveConfig(program.opts<ConfigFlags>(), process.env, {
    version,
    webDir: join(root, 'web', 'dist'),
  });
  const app = await createApp(config);
  installProcessHandlers(app);
  await app.listen();
}

function installProcessHandlers(app: FoveaApp): void {
  const logger = app.logger.logger;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight work and closing the database`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A stray promise rejection is a bug to log, never a reason to take the library down.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception; shutting down cleanly');
    stop('uncaughtException');
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
