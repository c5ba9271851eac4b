import http from 'node:http';
import type net from 'node:net';

/** India-Post-shaped answers for a few PIN codes, so browser tests never touch the internet. */
const OFFICES: Record<string, Array<Record<string, string>>> = {
  '400069': [
    {
      Name: 'Andheri East',
      District: 'Mumbai',
      State: 'Maharashtra',
      Block: 'NA',
      Division: 'Mumbai North West',
    },
    {
      Name: 'Chakala MIDC',
      District: 'Mumbai',
      State: 'Maharashtra',
      Block: 'Mumbai',
      Division: 'Mumbai North West',
    },
    {
      Name: 'Marol Bazar',
      District: 'Mumbai',
      State: 'Maharashtra',
      Block: 'NA',
      Division: 'Mumbai North West',
    },
  ],
  '560066': [
    {
      Name: 'Whitefield',
      District: 'Bengaluru',
      State: 'Karnataka',
      Block: 'Bangalore East',
      Division: 'Bangalore East',
    },
    {
      Name: 'Kadugodi',
      District: 'Bengaluru',
      State: 'Karnataka',
      Block: 'Bangalore East',
      Division: 'Bangalore East',
    },
  ],
  '411057': [
    { Name: 'Hinjawadi', District: 'Pune', State: 'Maharashtra', Block: 'Mulshi', Division: 'Pune Mofussil' },
  ],
};

/** A code the fake answers with a server error, to show the manual-entry fallback. */
export const FAILING_PINCODE = '500001';

export interface FakePostal {
  url: string;
  stop(): Promise<void>;
}

export async function startFakePostal(): Promise<FakePostal> {
  const server = http.createServer((request, response) => {
    const code = (request.url ?? '').split('/').pop() ?? '';
    if (code === FAILING_PINCODE) {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('upstream unavailable');
      return;
    }
    const offices = OFFICES[code];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify([
        offices
          ? {
              Message: `Number of pincode(s) found:${offices.length}`,
              Status: 'Success',
              PostOffice: offices.map((o) => ({
                BranchType: 'Sub Post Office',
                DeliveryStatus: 'Delivery',
                Circle: o.State,
                Region: o.District,
                Country: 'India',
                Pincode: code,
                ...o,
              })),
            }
          : { Message: 'No records found', Status: 'Error', PostOffice: null },
      ]),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/pincode`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
