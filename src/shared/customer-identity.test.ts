import { describe, expect, it } from 'vitest';
import { customerEmailKey, customerPhoneKey } from './customer-identity';

describe('customerEmailKey: one customer however the email is written', () => {
  it.each([
    ['jane@example.com', 'jane@example.com'],
    ['  Jane@Example.COM ', 'jane@example.com'],
    ['jane+laundry@example.com', 'jane@example.com'],
    ['jane+a+b@example.com', 'jane@example.com'],
    // dots count at other providers
    ['j.ane@example.com', 'j.ane@example.com'],
    ['Jane.Doe@gmail.com', 'janedoe@gmail.com'],
    ['jane.doe+wash@gmail.com', 'janedoe@gmail.com'],
    ['J.a.n.e.D.o.e@GoogleMail.com', 'janedoe@gmail.com'],
    ['janedoe@gmail.com.evil.example', 'janedoe@gmail.com.evil.example'],
  ])('%s -> %s', (email, key) => {
    expect(customerEmailKey(email)).toBe(key);
  });
});

describe('customerPhoneKey: digits, without the country code', () => {
  it.each([
    ['(803) 555-0142', '8035550142'],
    ['803.555.0142', '8035550142'],
    ['+1 803 555 0142', '8035550142'],
    ['1-803-555-0142', '8035550142'],
    ['001 803 555 0142', '8035550142'],
    ['+44 20 7946 0958', '442079460958'],
    ['555-0142', '5550142'],
  ])('%s -> %s', (phone, key) => {
    expect(customerPhoneKey(phone)).toBe(key);
  });
});
