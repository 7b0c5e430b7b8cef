import { describe, expect, it } from 'vitest';
import { storeAddressNotice } from '../../../server/admin/store-address.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';

describe("the start-up warning about the store's address", () => {
  const warning = (address: string, url: string) => fillMessage(serverMessages.storeAddressLocalLog, { address, url });

  it('is given when a public store has an address on this machine, or none', () => {
    expect(storeAddressNotice({ address: 'http://localhost:3000', listeningUrl: 'http://localhost:3000', public: true })).toBe(warning('http://localhost:3000', 'http://localhost:3000'));
    expect(storeAddressNotice({ address: 'http://127.0.0.1:8080', listeningUrl: 'http://localhost:8080', public: true })).not.toBeNull();
    expect(storeAddressNotice({ address: undefined, listeningUrl: 'http://localhost:3000', public: false })).toBe(warning('(none)', 'http://localhost:3000'));
  });

  it('is given on this machine when the address is not where the store listens', () => {
    expect(storeAddressNotice({ address: 'http://localhost:3000', listeningUrl: 'http://localhost:4000', public: false })).toBe(warning('http://localhost:3000', 'http://localhost:4000'));
  });

  it('is not given for a real address, or for the address a store on this machine listens at', () => {
    expect(storeAddressNotice({ address: 'https://shop.example.com', listeningUrl: 'http://localhost:3000', public: true })).toBeNull();
    expect(storeAddressNotice({ address: 'http://localhost:3000', listeningUrl: 'http://localhost:3000', public: false })).toBeNull();
  });
});
