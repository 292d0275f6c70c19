// @peculiar/x509 depends on tsyringe, which refuses to load without the `reflect-metadata`
// polyfill; that package is not installed. tsyringe only needs these three functions, and the
// x509 classes carry no decorator metadata, so a minimal store is enough.
// Import this module before '@peculiar/x509'.
type MetadataTarget = object;
type MetadataStore = Map<unknown, unknown>;

interface ReflectWithMetadata {
  getMetadata?(key: unknown, target: MetadataTarget): unknown;
  getOwnMetadata?(key: unknown, target: MetadataTarget): unknown;
  defineMetadata?(key: unknown, value: unknown, target: MetadataTarget): void;
}

const reflect = Reflect as unknown as ReflectWithMetadata;

if (typeof reflect.getMetadata !== 'function') {
  const stores = new WeakMap<MetadataTarget, MetadataStore>();
  reflect.getOwnMetadata = (key, target) => stores.get(target)?.get(key);
  reflect.getMetadata = (key, target) => {
    for (let t: MetadataTarget | null = target; t !== null; t = Object.getPrototypeOf(t) as MetadataTarget | null) {
      const store = stores.get(t);
      if (store?.has(key)) return store.get(key);
    }
    return undefined;
  };
  reflect.defineMetadata = (key, value, target) => {
    let store = stores.get(target);
    if (!store) stores.set(target, (store = new Map()));
    store.set(key, value);
  };
}
