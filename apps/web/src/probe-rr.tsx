export function Link({ to, ...rest }: any) { return <a href={to} {...rest} />; }
export function useNavigate() { return (to: string) => { location.assign(to); }; }
