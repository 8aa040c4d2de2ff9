export {
  completeDemoSeed,
  describeContent,
  federationState,
  removeInterruptedDemoSeed,
  startDemoSeed,
  whileHoldingDemoSeedLock,
  type DemoSeedOptions,
  type DemoSeedRun,
  type FederationContent,
  type FederationState,
} from './demo-seeds.service';
