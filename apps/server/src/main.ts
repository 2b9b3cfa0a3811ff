import { type Config, ConfigError, loadConfig } from './config.ts';
import { startExchange } from './start.ts';

function refuse(error: ConfigError): never {
  console.error(error.message);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) refuse(error);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // Production rules, the feed and a database holding minted funds are checked inside and listed
  // like the config errors above (ADR 121).
  const running = await startExchange({
    config,
    // The engine in memory is ahead of the database after a failed commit: never serve on from it.
    onEngineFatal: (error) => {
      console.error('engine commit failed, exiting', error);
      process.exit(70);
    },
  }).catch((error: unknown) => {
    if (error instanceof ConfigError) refuse(error);
    throw error;
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    running.app.log.info({ signal }, 'shutting down');
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  console.log(running.banner);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
